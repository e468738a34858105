import { Type, type Static } from '@sinclair/typebox';
import { IMPORT_CODE_MAX } from '../homeLayout.ts';

/**
 * spec 1 §2.3 `import-code` (superuser only): the selected client's import codes. A code names one
 * client across the platform (unique, without case): self-registration and the users import that
 * carry it attach the person to that client.
 */
export const IMPORT_CODES_PATH = '/admin_clients/import_codes/';

export const ImportCode = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  description: Type.String(),
  created_at: Type.String(),
});
export type ImportCode = Static<typeof ImportCode>;

export const ImportCodeInput = Type.Object({
  code: Type.String({ minLength: 1, maxLength: IMPORT_CODE_MAX }),
  description: Type.Optional(Type.String({ maxLength: 256 })),
}, { additionalProperties: false });
export type ImportCodeInput = Static<typeof ImportCodeInput>;
