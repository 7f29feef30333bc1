import type { HeaderFormat, ParameterFormat, TemplateCategory } from '@inbox/contracts';

/**
 * WhatsApp's template components, as Meta shapes them (they travel as JSON). Only what this
 * product reads is typed; anything else WhatsApp sends is kept as it came.
 */
export interface HeaderComponent {
  type: 'HEADER';
  format: HeaderFormat | 'LOCATION';
  text?: string;
  example?: {
    header_text?: string[];
    header_text_named_params?: NamedExample[];
    header_handle?: string[];
  };
}

export interface BodyComponent {
  type: 'BODY';
  text?: string;
  add_security_recommendation?: boolean;
  example?: { body_text?: string[][]; body_text_named_params?: NamedExample[] };
}

export interface FooterComponent {
  type: 'FOOTER';
  text?: string;
  code_expiration_minutes?: number;
}

export interface TemplateButton {
  type: string; // QUICK_REPLY | URL | PHONE_NUMBER | COPY_CODE | OTP | FLOW | …
  text?: string;
  url?: string;
  phone_number?: string;
  example?: string[] | string;
  otp_type?: string;
}

export interface ButtonsComponent {
  type: 'BUTTONS';
  buttons: TemplateButton[];
}

export interface NamedExample {
  param_name: string;
  example: string;
}

export type TemplateComponent = HeaderComponent | BodyComponent | FooterComponent | ButtonsComponent;

/** What the rules need of a stored template. */
export interface TemplateContent {
  category: TemplateCategory | string;
  parameterFormat: ParameterFormat;
  components: TemplateComponent[];
}

export const headerOf = (components: readonly TemplateComponent[]) =>
  components.find((c): c is HeaderComponent => c.type === 'HEADER');
export const bodyOf = (components: readonly TemplateComponent[]) =>
  components.find((c): c is BodyComponent => c.type === 'BODY');
export const footerOf = (components: readonly TemplateComponent[]) =>
  components.find((c): c is FooterComponent => c.type === 'FOOTER');
export const buttonsOf = (components: readonly TemplateComponent[]): TemplateButton[] =>
  components.find((c): c is ButtonsComponent => c.type === 'BUTTONS')?.buttons ?? [];
