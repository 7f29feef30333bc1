import { tokenize } from './text';

/**
 * Words any customer message may have whatever it asks — articles, pronouns, prepositions, the
 * verbs of asking ("quiero", "need", "preciso"), courtesy ("por favor", "gracias") and greetings —
 * in Spanish, English and Portuguese, normalized (lower case, no accents). An organization gives a
 * few examples per intent, so these words are as frequent in them as the ones that tell intents
 * apart, and "quiero cambiar mi contraseña" looked like "quiero la factura de mi pedido". The
 * classifier leaves them out (see vectors.ts), so that what a message is about decides.
 */
const WORDS = `
  a al algo alguien alguna alguno algunos algunas ante aqui asi aun aunque ayuda ayudar ayudame
  bien bueno buena buenas buenos buen con contra cual cuales como cosa cosas
  de del desde dos el ella ellas ello ellos en entonces era eramos es esa esas ese eso esos
  esta estaba estamos estan estar estas este esto estos estoy fue fueron gracias ha han has hasta
  hay he hola hoy la las le les lo los mas me mi mis mio mia mucho muchas muchos muy nada ni no nos
  nosotros o oye oiga otra otro otros pero poco por porfa porfavor favor pues que quien quiero quisiera
  queria quieres necesito necesitaba necesita ocupo puedo puede pueden podrian podria podrias saber
  se sea ser si sin sobre solo son soy su sus tambien tan tanto te tengo tiene tienen tu tus un una
  uno unos unas usted ustedes y ya yo disculpe disculpa perdon saludos tardes noches dias hacer
  favor amigo amiga senor senora senorita joven
  about after again all also am an and any anyone anything are as at be been being but by can
  could did do does doing dont for from get got had has have having hello hey hi i id if im in
  into is it its ive just know let lets like me mine my need needed needs no not now of on or our
  please pls plz so some someone something than thank thanks thx that the their them then there
  these they this those to too u up us very want wanted wants was we were what which
  who will with would you your yours help hello morning afternoon evening ok okay hiya
  ai ao aos as com como da das de do dos e ela elas ele eles em entao essa esse esta estao estou
  eu isso la mais mas me meu meus minha minhas muito na nas nao no nos o obrigado obrigada oi ola
  os ou para pela pelo pode poderia por pra pro preciso precisava quero queria que quem se seu sua
  seus suas sim so tambem tem tenho to uma um uns umas voce voces vc vcs valeu vlw obg pfv boa bom
  noite ajuda ajudar gente ne ta aqui ja ainda qual quais faco faz fazer gostaria poderiam posso
  podem tudo bem isto aquilo todavia oigan oye hice hago hacen digan dime s t d ll re ve m
  still any anybody somebody tell hear heard thing things
`;

export const STOP_WORDS: ReadonlySet<string> = new Set(tokenize(WORDS));
