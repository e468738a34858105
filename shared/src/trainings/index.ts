export * from './flags.ts';
export * from './html.ts';
export * from './basicData.ts';
export * from './hierarchy.ts';
export * from './certificateExpiration.ts';
export * from './unpublishDate.ts';
