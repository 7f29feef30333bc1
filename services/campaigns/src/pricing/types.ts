/** The rate card: what WhatsApp charges per delivered template, by market and category. */
export interface MarketRates {
  /** MX, BR, NORTH_AMERICA, REST_OF_LATIN_AMERICA, OTHER, ... */
  market: string;
  name: string;
  /** Calling codes (and area codes) on E.164 digits, without "+": the longest match wins. */
  prefixes: string[];
  marketing: number;
  utility: number;
  authentication: number;
  authenticationInternational?: number;
}

export interface RateCard {
  currency: string;
  /** A date, YYYY-MM-DD. */
  effectiveFrom: string;
  /** Where the rates come from: the card shipped with the product, or the operator's file. */
  source: string;
  markets: MarketRates[];
}

/** Markets and rates, looked up (built once from a RateCard by src/pricing/). */
export interface Pricing {
  card: RateCard;
  /** The market of an E.164 number ("+5215512345678"): the longest prefix; OTHER when none. */
  marketOf(e164: string): MarketRates;
  /** The rate of a template category (MARKETING, UTILITY, AUTHENTICATION, or WhatsApp's lower-case pricing category). */
  rateFor(market: MarketRates, category: string): number;
}
