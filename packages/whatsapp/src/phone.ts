/** A phone number as we store it (E.164) and as WhatsApp identifies its user (wa_id). */
export interface NormalizedPhone {
  /** `+` and digits, ITU form: Mexico without the old mobile `1`, Brazil mobiles with the ninth digit. */
  e164: string;
  /** Digits only, as WhatsApp reports the user in webhooks (`wa_id`). */
  waId: string;
}

/** E.164 and wa_id from common notations, or null when it cannot be a phone number. */
export function normalizePhone(input: string): NormalizedPhone | null {
  void input;
  throw new Error('not yet');
}

/** Every wa_id WhatsApp may use for the same number (Mexico 52/521, Brazil with/without the 9). */
export function waIdVariants(waId: string): string[] {
  void waId;
  throw new Error('not yet');
}
