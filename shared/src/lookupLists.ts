/**
 * spec 1 §3.8 admin lookup lists that are fixed code lists (genders, phone_types, user_types,
 * company_types): the code is what is stored and sent, the label is `lookups.{list}.{code}` in
 * the four locales. timezones (IANA names) and register_profiles (the client's profiles) are
 * lists of their own (dates/zone.ts, the server's lookups).
 */

/** spec 1 §3.4 sex (and the suggestions of the free `gender` entry). */
export const GENDERS = ['male', 'female', 'intersex', 'not_informed'] as const;
export type GenderCode = (typeof GENDERS)[number];

/** spec 1 §3.4 phones: mobile, commercial, residential, WhatsApp. */
export const PHONE_TYPES = ['mobile', 'commercial', 'residential', 'whatsapp'] as const;
export type PhoneType = (typeof PHONE_TYPES)[number];

/** spec 1 §3.4 user_type: how the person relates to the client. */
export const USER_TYPES = ['employee', 'manager', 'intern', 'third_party', 'partner', 'customer'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** spec 1 §3.5 headquarter "(network/company/chain)" company type. */
export const COMPANY_TYPES = ['network', 'company', 'chain', 'franchise', 'dealership'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** The fixed lists by their spec 1 §3.8 names (the lookup endpoints and the import drop-downs use the same). */
export const CODE_LISTS = {
  genders: GENDERS,
  phone_types: PHONE_TYPES,
  user_types: USER_TYPES,
  company_types: COMPANY_TYPES,
} as const;
export type CodeListName = keyof typeof CODE_LISTS;

/** Whether `value` is a code of the list (null and '' are "not chosen", checked by the caller). */
export function isCodeOf(list: CodeListName, value: string): boolean {
  return (CODE_LISTS[list] as readonly string[]).includes(value);
}

/** The translation key of a code's label. */
export const codeLabelKey = (list: CodeListName, code: string): string => `lookups.${list}.${code}`;
