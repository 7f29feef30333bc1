import type pg from 'pg';

/*
 * Seeds one organization's inbox in PostgreSQL with set-based SQL (INSERT ... SELECT over
 * generate_series): 100,000 conversations and about 1,000,000 messages in well under a minute,
 * where one INSERT per row would take most of an hour. The secondary indexes are dropped for the
 * load and rebuilt from their own definitions (pg_indexes), so the database ends exactly as the
 * migrations left it. setseed() makes every run draw the same data.
 */

export const BENCH_ORG = 1;

/** Ordered from most to least frequent: word i is drawn with probability ~ (i+1)^(1/3) - i^(1/3). */
const WORDS = (
  'hola gracias por favor pedido ayuda quiero saber cuando llega mi compra envío pago tarjeta factura ' +
  'precio producto cuenta problema tienda hoy mañana dirección número cliente servicio información ' +
  'buenas tardes días noches necesito cambiar devolver talla color modelo disponible entrega semana ' +
  'correo teléfono código promoción descuento oferta cupón garantía reparación técnico sucursal horario ' +
  'abierto cerrado domingo sábado lunes martes miércoles jueves viernes rápido tarde lento urgente ' +
  'cancelar confirmar recibí llegó roto dañado incompleto equivocado caja paquete guía rastreo ' +
  'transferencia depósito efectivo meses intereses crédito débito banco rechazada aprobada pendiente ' +
  'saldo cobro doble cargo aclaración queja reclamo gerente supervisor agente humano bot menú opción ' +
  'catálogo lista stock agotado reservar apartar recoger domicilio costo gratis mínimo máximo ' +
  'kilos litros piezas unidades mayoreo menudeo factura rfc razón social régimen fiscal uso cfdi ' +
  'contraseña usuario acceso app página web error falla actualizar instalar descargar registro ' +
  'cita agenda consulta doctor clínica receta medicamento seguro póliza siniestro ajustador ' +
  'vuelo boleto asiento equipaje maleta hotel habitación reservación check salida llegada ' +
  'excelente bueno malo pésimo amable grosero espera minutos horas respuesta resolver solucionado'
).split(' ');

const FIRST_NAMES = (
  'María José Juan Ana Luis Carmen Carlos Laura Jorge Sofía Miguel Fernanda Pedro Daniela Andrés ' +
  'Valeria Diego Camila Javier Gabriela Ricardo Paola Fernando Mariana Alejandro Lucía Roberto Isabel ' +
  'Eduardo Natalia Raúl Adriana Sergio Verónica Héctor Patricia Arturo Claudia Manuel Renata'
).split(' ');
const LAST_NAMES = (
  'García Hernández Martínez López González Pérez Rodríguez Sánchez Ramírez Cruz Flores Gómez ' +
  'Morales Vázquez Reyes Jiménez Torres Díaz Gutiérrez Ruiz Mendoza Aguilar Ortiz Moreno Castillo ' +
  'Romero Álvarez Méndez Chávez Rivera Juárez Ramos Domínguez Herrera Medina Castro Vargas Guzmán ' +
  'Velázquez Rojas'
).split(' ');

export const CATEGORIES = [
  'pedidos',
  'envíos',
  'pagos',
  'facturación',
  'devoluciones',
  'soporte técnico',
  'ventas',
  'promociones',
  'quejas',
  'cuenta',
  'garantías',
  'citas',
  'cotizaciones',
  'mayoreo',
  'sucursales',
  'seguros',
  'reservaciones',
  'información general',
  'Pedidos',
  'pagos ',
];

/** Appears in about 50 messages: a search that should come back at once. */
export const RARE_WORD = 'reprogramar';
/** The most frequent word: in most messages. */
export const COMMON_WORD = WORDS[0];

export interface SeedSize {
  conversations: number;
  /** Contacts with two conversations (an older CLOSED one and a newer sibling) make up the rest. */
  contacts: number;
}

export interface SeedFacts {
  orgId: number;
  now: Date;
  users: string[];
  teams: string[];
  tags: string[];
  counts: { contacts: number; conversations: number; messages: number; conversationTags: number };
  seconds: { load: number; indexes: number; analyze: number };
}

const ids = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}-0000-7000-8000-${String(i + 1).padStart(12, '0')}`);

/** The conversation plan: one row per conversation with every random draw it needs. */
const PLAN_SQL = `
create temp table plan as
with draws as (
  select g,
         ((g - 1) % $2) + 1 as c,
         (g - 1) / $2 as round,
         1 + floor(random() * 19)::int as n,
         60 + floor(random() * 3540)::int as gap_s,
         random() * 90 as age_days,
         random() as r_status, random() as r_assign, random() as r_team, random() as r_cat,
         random() as r_origin, random() as r_follow, random() as r_unread, random() as r_tag
  from generate_series(1, $1) g
), shaped as (
  select d.*,
         case when r_origin < 0.80 then 'CUSTOMER' when r_origin < 0.92 then 'CAMPAIGN'
              when r_origin < 0.97 then 'AGENT' when r_origin < 0.99 then 'TEMPLATE' else 'API' end as origin,
         $3::timestamptz - make_interval(secs => age_days * 86400) as last_at,
         case
           when round = 0 and c <= $1 - $2 then 'CLOSED' -- the contact has a newer conversation
           when age_days < 2 then
             case when r_status < 0.25 then 'OPEN' when r_status < 0.55 then 'HUMAN_HANDLING'
                  when r_status < 0.75 then 'WAITING_FOR_CUSTOMER' when r_status < 0.90 then 'BOT_HANDLING' else 'CLOSED' end
           else
             case when r_status < 0.90 then 'CLOSED' when r_status < 0.94 then 'OPEN' when r_status < 0.97 then 'HUMAN_HANDLING'
                  when r_status < 0.99 then 'WAITING_FOR_CUSTOMER' else 'BOT_HANDLING' end
         end as status
  from draws d
)
select s.*,
       -- A campaign writes first; after that customer and business take turns.
       case when origin = 'CAMPAIGN' then 1 else 0 end as off,
       last_at - make_interval(secs => (n - 1) * gap_s) as created_at,
       lpad(to_hex(g), 8, '0') || '-0000-7000-8000-' || lpad(to_hex(g), 12, '0') as id,
       '52155' || lpad(c::text, 8, '0') as wa_id
from shaped s`;

const CONVERSATIONS_SQL = `
insert into inbox.conversations (id, org_id, wa_id, status, assigned_to, team_id, category, origin, follow_up,
  unread_count, last_message_at, last_message_direction, last_customer_message_at, created_at, updated_at, closed_at)
select id, $1, wa_id, status,
       case when status in ('HUMAN_HANDLING', 'WAITING_FOR_CUSTOMER') then ($2::text[])[1 + floor(r_assign * 30)::int]
            when status = 'CLOSED' and r_assign < 0.75 then ($2::text[])[1 + floor(r_assign / 0.75 * 30)::int] end,
       case when r_team < 0.8 then ($3::text[])[1 + floor(r_team / 0.8 * 5)::int] end,
       case when r_cat >= 0.15 then ($4::text[])[1 + floor(20 * power((r_cat - 0.15) / 0.85, 2))::int] end,
       origin, r_follow < 0.03,
       case when (n - 1 + off) % 2 = 0 and status <> 'CLOSED' then 1 + floor(r_unread * 4)::int else 0 end,
       last_at,
       case when (n - 1 + off) % 2 = 0 then 'inbound' else 'outbound' end,
       case when n - 1 - (n - 1 + off) % 2 >= 0
            then created_at + make_interval(secs => (n - 1 - (n - 1 + off) % 2) * gap_s) end,
       created_at, last_at,
       case when status = 'CLOSED' then last_at end
from plan`;

const MESSAGES_SQL = `
insert into inbox.messages (id, org_id, conversation_id, direction, sender, type, text, status,
  provider_message_id, created_at, updated_at)
select p.id || '-' || k, $1, p.id,
       case when (k + p.off) % 2 = 0 then 'inbound' else 'outbound' end,
       case when (k + p.off) % 2 = 0 then 'customer' when k = 0 then 'campaign'
            when p.status = 'BOT_HANDLING' then 'bot' else 'agent' end,
       'text',
       (select string_agg(($2::text[])[1 + floor(array_length($2::text[], 1) * power(random(), 3))::int], ' ')
          from generate_series(1, 3 + (p.g + k) % 10))
         || case when p.g % 2000 = 7 and k = 1 then ' ${RARE_WORD}' else '' end,
       case when (k + p.off) % 2 = 0 then 'RECEIVED' else 'READ' end,
       'wamid.bench.' || p.g || '.' || k,
       p.created_at + make_interval(secs => k * p.gap_s),
       p.created_at + make_interval(secs => k * p.gap_s)
from plan p cross join lateral generate_series(0, p.n - 1) k`;

const CONTACTS_SQL = `
insert into inbox.contacts (org_id, wa_id, name, profile_name, alias)
select $1, '52155' || lpad(c::text, 8, '0'),
       case when random() < 0.85 then first || ' ' || last end,
       first,
       case when random() < 0.05 then 'Cliente ' || (c % 997) end
from (select c,
             ($2::text[])[1 + floor(random() * array_length($2::text[], 1))::int] as first,
             ($3::text[])[1 + floor(random() * array_length($3::text[], 1))::int] as last
      from generate_series(1, $4) c) x`;

const TAGS_SQL = `
insert into inbox.conversation_tags (conversation_id, tag_id, org_id)
select p.id, ($2::text[])[1 + (floor(p.r_tag * 1000)::int + j * 5) % 12], $1
from plan p cross join lateral generate_series(1, case when p.r_tag < 0.2 then 1 when p.r_tag < 0.27 then 2
                                                     when p.r_tag < 0.3 then 3 else 0 end) j`;

const PREVIEW_SQL = `
update inbox.conversations c set last_message_preview = left(m.text, 100)
from plan p join inbox.messages m on m.id = p.id || '-' || (p.n - 1)
where c.id = p.id`;

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

/** Secondary indexes of the inbox tables, as the migrations created them (constraint indexes stay). */
async function secondaryIndexes(client: pg.Client): Promise<Array<{ name: string; definition: string }>> {
  const { rows } = await client.query<{ name: string; definition: string }>(`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    where i.schemaname = 'inbox' and i.tablename in ('contacts', 'conversations', 'conversation_tags', 'messages')
      and not exists (select 1 from pg_constraint k where k.conname = i.indexname)`);
  return rows;
}

/** What the seed put in, for queries to ask about; the ids are the same on every run. */
export const seedFacts = (
  now: Date,
  counts = { contacts: 0, conversations: 0, messages: 0, conversationTags: 0 },
) => ({
  orgId: BENCH_ORG,
  now,
  users: ids('00000000', 30),
  teams: ids('10000000', 5),
  tags: ids('20000000', 12),
  counts,
  seconds: { load: 0, indexes: 0, analyze: 0 },
});

export async function seedInbox(client: pg.Client, size: SeedSize, now = new Date()): Promise<SeedFacts> {
  const { users, teams, tags, orgId } = seedFacts(now);
  await client.query(`set max_parallel_workers_per_gather = 0`); // one process draws: setseed holds
  await client.query(`set maintenance_work_mem = '512MB'`);
  await client.query(`select setseed(0.4242)`);
  const indexes = await secondaryIndexes(client);
  let started = performance.now();
  for (const index of indexes) await client.query(`drop index inbox."${index.name}"`);
  await client.query(PLAN_SQL, [size.conversations, size.contacts, now.toISOString()]);
  await client.query(CONTACTS_SQL, [orgId, FIRST_NAMES, LAST_NAMES, size.contacts]);
  await client.query(CONVERSATIONS_SQL, [orgId, users, teams, CATEGORIES]);
  await client.query(MESSAGES_SQL, [orgId, WORDS]);
  await client.query(TAGS_SQL, [orgId, tags]);
  await client.query(PREVIEW_SQL);
  const load = seconds(started);
  started = performance.now();
  for (const index of indexes) await client.query(index.definition);
  const indexSeconds = seconds(started);
  started = performance.now();
  await client.query(
    'vacuum analyze inbox.contacts, inbox.conversations, inbox.conversation_tags, inbox.messages',
  );
  const analyze = seconds(started);
  const { rows } = await client.query<SeedFacts['counts']>(`
    select (select count(*) from inbox.contacts)::int as contacts,
           (select count(*) from inbox.conversations)::int as conversations,
           (select count(*) from inbox.messages)::int as messages,
           (select count(*) from inbox.conversation_tags)::int as "conversationTags"`);
  await client.query('drop table plan');
  return {
    orgId,
    now,
    users,
    teams,
    tags,
    counts: rows[0],
    seconds: { load, indexes: indexSeconds, analyze },
  };
}
