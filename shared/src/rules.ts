// The plain rules (no schemas, no client code): what a lean process such as the import worker
// needs, without loading every contract the main entry builds at start-up.
export * from './document.ts';
export * from './email.ts';
export * from './errors.ts';
export * from './languages.ts';
export * from './password.ts';
export * from './users.ts';
export * from './branches.ts';
