import type { BotLanguage } from '@inbox/contracts';
import { normalize, tokenize } from './text';

/**
 * Which of the bot's languages a customer wrote in, from words only one of them uses (or uses far
 * more often) and a few spellings. Customer messages are short ("hola", "oi", "thanks"), which
 * n-gram language identifiers get wrong, so the cues here are whole words, greetings included.
 * Words Spanish and Portuguese share ("pedido", "como", "quando") are in neither list.
 */

const WORDS: Record<BotLanguage, string> = {
  es: `hola buenas buenos dias tardes noches gracias graciass porfa favor quiero quisiera necesito
    puedo puede pueden podrian tienen tiene tengo hay donde cuando cual cuales cuanto cuanta cuantos
    cuesta esta estan estoy el la los las del al y o pero que es son mi mis tu su sus yo usted ustedes
    nos les lo le se me te con sin para por hasta ya aun todavia ahora hoy manana ayer aqui alli nada
    algo alguien ningun ninguna muy mas menos bien mal llego llega llegado enviaron mandaron pague
    compre hice pedi quiero ayuda ayudar ayudame necesito cambiar cancelar devolver regresar
    reembolso factura cobro cobraron tarjeta efectivo envio paqueteria guia rastreo cita agendar
    horario abren cierran sucursal tienda precio cuestan disponible hay talla contrasena cuenta
    direccion queja pesimo servicio asesor humano persona hablar alguien oye ey eh wey neta chido
    orale sale va pues ahorita oiga disculpe gracias saludos usted sigue pasa paso favor`,
  en: `hi hello hey thanks thank you thx pls please want would like need can could the a an is are was
    were be been my your our their his her it its this that these those i im i'm me we they he she
    what where when why how which who do does did dont doesnt didnt not no yes of to in on at for from
    with without and or but have has had get got will wont cant just still yet already today tomorrow
    yesterday order ordered package shipping shipped tracking refund money back charged twice card
    invoice receipt account password reset address change store open close hours price cost much
    available size stock warranty broken working appointment book schedule talk speak someone agent
    human person help support good morning afternoon evening there any some ok okay bought paid sent
    arrived arrive delivered`,
  pt: `oi ola ole bom boa dia tarde noite obrigado obrigada obg vlw valeu brigado por favor pfv quero
    queria preciso posso pode podem voce voces vc vcs tem tenho ha onde quando qual quais quanto
    quanta custa esta estao estou o os as do da dos das ao aos e ou mas que e sao meu minha meus
    minhas seu sua eu nos eles elas lhe com sem para pra pro ate ja ainda agora hoje amanha ontem aqui
    ali nada algo alguem nenhum nenhuma muito mais menos bem mal chegou chega enviaram mandaram paguei
    comprei fiz pedi ajuda ajudar me ajuda trocar cancelar devolver devolucao reembolso nota fiscal
    cobranca cobraram cartao dinheiro entrega frete transportadora rastreio codigo agendar marcar
    horario abrem fecham loja preco disponivel tamanho senha conta endereco reclamacao pessimo
    atendimento atendente humano pessoa falar alguem tudo beleza cade nao sim gente ne entao tá`,
};

/** Spelling that survives only in one language (checked before accents are stripped). */
const SPELLINGS: Array<[BotLanguage, RegExp]> = [
  ['es', /ñ|¿|¡|ción\b|ciones\b|\bll[aeiou]/iu],
  ['pt', /ã|õ|ç|ção\b|ções\b|nh[aeo]|lh[aeo]|\bvc\b/iu],
  ['en', /\w(?:ing|tion)\b|\w'(?:s|t|m|re|ll)\b|\bth\w/iu],
];

const LEXICON: Record<BotLanguage, Set<string>> = {
  es: new Set(tokenize(WORDS.es)),
  en: new Set(tokenize(WORDS.en)),
  pt: new Set(tokenize(WORDS.pt)),
};
const LANGUAGES = Object.keys(LEXICON) as BotLanguage[];
/** A spelling cue counts half a word: "ción" is telling, but not more than a whole Spanish word. */
const SPELLING_WEIGHT = 0.5;

/** Cue counts per language; a word both candidates list counts for neither. */
function scores(text: string): Map<BotLanguage, number> {
  const result = new Map<BotLanguage, number>(LANGUAGES.map((l) => [l, 0]));
  for (const word of tokenize(text)) {
    const owners = LANGUAGES.filter((l) => LEXICON[l].has(word));
    if (owners.length === 0 || owners.length === LANGUAGES.length) continue;
    for (const l of owners) result.set(l, result.get(l)! + 1 / owners.length);
  }
  const raw = text.normalize('NFC');
  for (const [language, spelling] of SPELLINGS)
    if (spelling.test(raw)) result.set(language, result.get(language)! + SPELLING_WEIGHT);
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
