import { ClientSettings, EditableLoginParams } from '@lp/shared/contract';

/**
 * The configuration form's fields, read from the contract's schemas: every ClientSettings flag
 * (spec 1 §3.2 — a flag another module adds appears here by itself) and the login parameters of
 * spec 1 §3.3 grouped by kind.
 */
export type FieldKind = 'boolean' | 'text';

/** Settings with an input of their own: the logo is an uploaded image (ClientLogo.tsx), the learner menu its own screen (settings-menu/). */
export const OWN_INPUT_SETTINGS = ['logo', 'learner_menu'] as const;

export const SETTING_FIELDS: ReadonlyArray<{ key: string; kind: FieldKind }> = Object.entries(ClientSettings.properties)
  .filter(([key]) => !(OWN_INPUT_SETTINGS as readonly string[]).includes(key))
  .map(([key, schema]) => ({ key, kind: (schema as { type?: string }).type === 'boolean' ? 'boolean' as const : 'text' as const }));

const loginProps = EditableLoginParams.properties as Record<string, { type?: string }>;

export const LOGIN_SWITCHES: readonly string[] = Object.keys(loginProps).filter((key) => loginProps[key]?.type === 'boolean');

/** Texts, colours and the rest, each with its own input. */
export const LOGIN_TEXTS = ['text_header', 'text', 'logo', 'background', 'app_version'] as const;
export const LOGIN_COLOURS = ['background_color', 'font_color'] as const;

/** "name, document" ↔ ['name', 'document'] (the registration form's fields, spec 1 §3.3 register.fields). */
export const fieldsToText = (fields: readonly string[] | undefined) => (fields ?? []).join(', ');
export const textToFields = (text: string) => text.split(',').map((f) => f.trim()).filter(Boolean);
