import type { BotLanguage } from '@inbox/contracts';
import { normalize, tokenize } from './text';

/**
 * Which of the bot's languages a customer wrote in, from the words each language uses most and a
 * few spellings only one of them has. Customer messages are short ("hola", "oi", "thanks"), which
 * character n-gram identifiers get wrong, so whole words count first, greetings included. A word
 * two languages share ("que", "no", "pedido") splits its vote between them.
 */

const WORDS: Record<BotLanguage, string> = {
  es: `hola holi holaa buenas buenos buen dia dias tardes noches gracias porfa favor que tal onda oye
    quiero quisiera queria necesito ocupo puedo puede pueden podrian podria tienen tiene tengo tienes
    hay donde cuando cual cuales cuanto cuanta cuantos cuesta cuestan esta estan estoy esta eso este
    esto el la los las del al y pero que es son soy fue mi mis tu su sus yo usted ustedes nos les
    lo le se me te con sin para por hasta ya aun todavia ahora ahorita hoy manana ayer aqui alli nada
    algo alguien ningun ninguna muy mas menos bien mal no si un una unos unas como cuando sigue llego
    llega llegado enviaron mandaron mandan pague compre hice pedi ayuda ayudar ayudan cambiar cancelar
    devolver regresar reembolso factura cobro cobraron cargo tarjeta efectivo envio paqueteria guia
    rastreo cita agendar horario abren cierran sucursal tienda precio disponible talla contrasena
    cuenta direccion queja pesimo servicio asesor humano persona hablar oiga disculpe saludos pasa
    paso hacer hago dice dijeron sale va pues neta wey orale chido vez veces dos tres semana
    tambien otra otro cosa gusta quiere saber favor mande manden`,
  en: `hi hello hey thanks thank you thx pls please want would like need can could the an is are was
    were be been my your our their his her it its this that these those i im me we they he she what
    where when why how which who do does did dont doesnt didnt not no yes of to in on at for from with
    without and or but have has had get got will wont cant just still yet already today tomorrow
    yesterday order ordered package shipping shipped tracking refund money back charged twice card
    invoice receipt account password reset address change store open close hours price cost much
    available size stock warranty broken working appointment book schedule talk speak someone agent
    human person help support good morning afternoon evening there any some bought paid sent
    arrived arrive delivered ever never nobody anyone anything something day days week up out off
    after before again all more less very really too about if so than then time right now here`,
  pt: `oi ola ole bom boa dia tarde noite obrigado obrigada obg vlw valeu brigado favor pfv quero queria
    preciso posso pode podem voce voces vc vcs tem tenho ha onde quando qual quais quanto quanta custa
    esta estao estou o os as do da por ninguem recebi recebeu cancela errado errada ter vou voltar volta dos das ao aos e ou mas que sao meu minha meus minhas seu sua eu
    nos eles elas lhe com sem para pra pro ate ja ainda agora hoje amanha ontem aqui ali nada algo
    alguem nenhum nenhuma muito mais menos bem mal nao sim um uma uns umas como chegou chega enviaram
    mandaram paguei comprei fiz pedi ajuda ajudar ajudam trocar troca cancelar devolver devolucao
    reembolso estorno nota fiscal cobranca cobraram cobrado cartao dinheiro entrega frete
    transportadora rastreio codigo agendar marcar remarcar horario abre abrem fecha fecham loja preco
    disponivel tamanho senha conta endereco reclamacao reclamar pessimo atendimento atendente pessoa
    falar tudo beleza cade gente ne entao ta to fica ficou funciona parou tenis vez vezes duas tres
    semana tambem outra outro coisa quer saber deu dar faz fazer isso esse essa`,
};

/** Letters only one language writes (checked before accents are stripped). */
const LETTERS: Array<[BotLanguage, RegExp]> = [
  ['es', /[ñ¿¡]/u],
  ['pt', /[ãõçêô]/u],
];

/** How each language writes a laugh: "jajaja", "kkkkk", "hahaha". */
const LAUGHS: Array<[BotLanguage, RegExp]> = [
  ['es', /^(?:ja|je|ji)+j?$/u],
  ['pt', /^k{3,}$|^(?:rs){2,}$/u],
  ['en', /^(?:ha|he)+h?$|^lol$|^lmao$/u],
];

/** Word endings and letter pairs typical of one language, for words no list has. */
const SHAPES: Array<[BotLanguage, RegExp]> = [
  ['es', /(?:cion|ciones|idad|ieron|aron|amos|emos|imos|ando|iendo|an)$|ll|ue|ie/u],
  ['pt', /(?:cao|coes|oes|ao|dade|aram|eram|am|ei|ou|eito|inho|inha)$|nh|lh/u],
  ['en', /(?:ing|tion|ness|ful|ly|ed)$|th|wh|sh|ck|ee|oo|w|k|y$/u],
];

const LEXICON: Record<BotLanguage, Set<string>> = {
  es: new Set(tokenize(WORDS.es)),
  en: new Set(tokenize(WORDS.en)),
  pt: new Set(tokenize(WORDS.pt)),
};
const LANGUAGES = Object.keys(LEXICON) as BotLanguage[];
/** A spelling cue counts half a word: telling, but less than a word of the list. */
const CUE_WEIGHT = 0.5;

function add(scores: Map<BotLanguage, number>, owners: BotLanguage[], weight: number): void {
  // A cue every language shares tells nothing.
  if (owners.length === 0 || owners.length === LANGUAGES.length) return;
  for (const l of owners) scores.set(l, scores.get(l)! + weight / owners.length);
}

function scores(text: string): Map<BotLanguage, number> {
  const result = new Map<BotLanguage, number>(LANGUAGES.map((l) => [l, 0]));
  for (const word of tokenize(text)) {
    const owners = LANGUAGES.filter((l) => LEXICON[l].has(word));
    const laugh = LAUGHS.find(([, shape]) => shape.test(word));
    if (owners.length > 0) add(result, owners, 1);
    else if (laugh) add(result, [laugh[0]], 1);
    else if (/^\p{L}{3,}$/u.test(word))
      add(
        result,
        SHAPES.filter(([, shape]) => shape.test(word)).map(([l]) => l),
        CUE_WEIGHT,
      );
  }
  const lower = text.normalize('NFC').toLowerCase();
  for (const [language, letters] of LETTERS) if (letters.test(lower)) add(result, [language], CUE_WEIGHT);
  return result;
}

/** The language with the most cues; `fallback` when nothing tells them apart (digits, "ok", emoji). */
export function detectLanguage(text: string, fallback: BotLanguage): BotLanguage {
  if (normalize(text) === '') return fallback;
  const ranked = [...scores(text)].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (best[1] === 0 || best[1] === second[1]) return fallback;
  return best[0];
}
