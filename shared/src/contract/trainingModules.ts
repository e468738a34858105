import { Type, type Static } from '@sinclair/typebox';
import { ListQuery } from './common.ts';
import { TRAININGS_PATH } from './collections.ts';

/**
 * spec 2 §3.2, §3.6, §3.14 and §7.1 modules and support materials, §7.5 editor images.
 * Wire names are the contract's (`avaliable_in`). P = /admin_group_trainings/group_trainings/{training_id}.
 *
 * `resource` is the stored file's path relative to the media root (or the embed of an embed
 * type); `resource_url` is its signed, short-lived URL, built when read (a package's entry and
 * an HTML/SVG document on the content origin; docs/security.md).
 */

export const MODULE_PATHS = {
  collection: (trainingId: number | string) => `${TRAININGS_PATH}${trainingId}/group_training_modules/`,
  item: (trainingId: number | string, id: number | string) => `${TRAININGS_PATH}${trainingId}/group_training_modules/${id}/`,
  /** POST {search_module} → {classes[]} */
  search: `${TRAININGS_PATH}group_training_modules/search_group_training_modules/`,
  /** POST {group_training_module_source_id} → {group_training_module_resource}; 400 = source not found */
  moveResourceToTmp: `${TRAININGS_PATH}group_training_modules/move_group_training_module_resource_to_tmp/`,
} as const;

export const MATERIAL_PATHS = {
  collection: (trainingId: number | string) => `${TRAININGS_PATH}${trainingId}/group_training_materials/`,
  item: (trainingId: number | string, id: number | string) => `${TRAININGS_PATH}${trainingId}/group_training_materials/${id}/`,
} as const;

/** spec 2 §7.5 editor images; our own store plays the "object store" of §3.14. */
export const FILE_PATHS = {
  policy: '/files/policy/',
  /** the policy's `host`: a form POST with key, policy, signature and file */
  upload: (fileId: string) => `/files/upload/${fileId}/`,
  complete: '/files/complete/',
  /** spec 2 §7.5 step 4 (object store): {file_url} → {file_url}, a short-lived URL to open the stored file */
  presignedUrl: '/utils/presigned_url/',
} as const;

/** tus metadata `kind` of the files these forms refer to by upload id. */
export const UPLOAD_KINDS = {
  trainingModule: 'training_module',
  trainingMaterial: 'training_material',
} as const;

/** Everything a multipart form carries is text (coerced from JSON numbers too); the shared rules parse it. */
const FormText = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/** spec 2 §3.2 module as read (GET list rows, GET one, and the answer of POST / PUT). */
export const TrainingModule = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** 1 published, 2 unpublished, 4/5 processing (3 = deleted never shows) */
  status: Type.Integer(),
  group_training_module_type: Type.Integer(),
  qty_views: Type.Integer(),
  qty_progress: Type.Integer(),
  /** YYYY-MM-DD */
  avaliable_in: Type.Union([Type.String(), Type.Null()]),
  /** 0: the training score is used */
  module_score: Type.Integer(),
  /** media path of the file (a package's entry file) or the embed */
  resource: Type.Union([Type.String(), Type.Null()]),
  resource_url: Type.Union([Type.String(), Type.Null()]),
  /** the uploaded file's name and size, for display (null for embeds) */
  resource_name: Type.Union([Type.String(), Type.Null()]),
  resource_size: Type.Union([Type.Integer(), Type.Null()]),
});
export type TrainingModule = Static<typeof TrainingModule>;

/**
 * spec 2 §7.1 POST P/group_training_modules/ and PUT …/{moduleId}/ (multipart form): title,
 * group_training_module_type, status, avaliable_in (YYYY-MM-DD, optional), module_score
 * (optional), resource (a new tus upload's id, the current resource unchanged, or the embed).
 * The §5.2 rules (shared/src/trainings/modules.ts) decide what is required.
 */
export const TrainingModuleForm = Type.Object({
  title: FormText(2000),
  group_training_module_type: FormText(10),
  status: FormText(10),
  avaliable_in: FormText(20),
  module_score: FormText(20),
  resource: FormText(4000),
});
export type TrainingModuleForm = Static<typeof TrainingModuleForm>;

export const ModuleListQuery = ListQuery;

/** spec 2 §3.2 "Module database search hit". */
export const ModuleSearchHit = Type.Object({
  id: Type.Integer(),
  group_training_title: Type.String(),
  group_training_module_title: Type.String(),
  group_training_module_type_id: Type.Integer(),
  group_training_module_type_slug: Type.String(),
  group_training_module_type_use_embed: Type.Boolean(),
  /** the module's resource (media path or embed) */
  group_training_module_content: Type.Union([Type.String(), Type.Null()]),
});
export type ModuleSearchHit = Static<typeof ModuleSearchHit>;

export const ModuleSearchBody = Type.Object({ search_module: Type.String({ maxLength: 200 }) });
export type ModuleSearchBody = Static<typeof ModuleSearchBody>;
export const ModuleSearchAnswer = Type.Object({ classes: Type.Array(ModuleSearchHit) });
export type ModuleSearchAnswer = Static<typeof ModuleSearchAnswer>;

export const MoveModuleResourceBody = Type.Object({ group_training_module_source_id: Type.Integer({ minimum: 1 }) });
export type MoveModuleResourceBody = Static<typeof MoveModuleResourceBody>;
/** the value to send as the new module's `resource` (a copy owned by the caller, or the embed) */
export const MoveModuleResourceAnswer = Type.Object({ group_training_module_resource: Type.String() });
export type MoveModuleResourceAnswer = Static<typeof MoveModuleResourceAnswer>;

/** spec 2 §3.6 support material (list rows carry the same fields). */
export const TrainingMaterial = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** lower case, without the dot ('' when the file has none) */
  extension: Type.String(),
  /** bytes */
  size: Type.Integer(),
  status: Type.Integer(),
  resource: Type.Union([Type.String(), Type.Null()]),
  resource_url: Type.Union([Type.String(), Type.Null()]),
  resource_name: Type.Union([Type.String(), Type.Null()]),
});
export type TrainingMaterial = Static<typeof TrainingMaterial>;

/** spec 2 §7.1 POST / PUT P/group_training_materials/…: form title, status, resource. */
export const TrainingMaterialForm = Type.Object({
  title: FormText(2000),
  status: FormText(10),
  resource: FormText(1000),
});
export type TrainingMaterialForm = Static<typeof TrainingMaterialForm>;

/** spec 2 §7.5 step 1: multipart {filename, file_directory}. */
export const FilePolicyForm = Type.Object({
  filename: Type.String({ minLength: 1, maxLength: 255 }),
  file_directory: Type.String({ minLength: 1, maxLength: 200 }),
});
export type FilePolicyForm = Static<typeof FilePolicyForm>;

/**
 * spec 2 §3.14 policy answer, object-store form: POST to `host` a multipart form with `key`,
 * `policy`, `signature` and `file` (the last part). `signature` is a one-time secret of this
 * upload; the policy (base64 JSON) states the key, the size limit and the expiry. With object
 * storage `host` is the bucket's URL and `fields` the signed S3 form fields (key, Content-Type,
 * Policy, X-Amz-*), posted as they are before the file, without this API's credentials.
 */
export const FilePolicy = Type.Object({
  origin: Type.Literal('object_store'),
  host: Type.String(),
  filename: Type.String(),
  file_bucket_path: Type.String(),
  key: Type.String(),
  policy: Type.String(),
  signature: Type.String(),
  file_id: Type.String(),
  max_size: Type.Integer(),
  fields: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type FilePolicy = Static<typeof FilePolicy>;

/** spec 2 §7.5 step 3: {uploaded=true, fileSize, file (file_id), optionally not_signed and bucket_name}. */
export const FileCompleteBody = Type.Object({
  uploaded: Type.Union([Type.Boolean(), Type.String({ maxLength: 5 })]),
  fileSize: Type.Integer({ minimum: 0 }),
  file: Type.String({ minLength: 1, maxLength: 64 }),
  not_signed: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 5 })])),
  bucket_name: Type.Optional(Type.String({ maxLength: 60 })),
});
export type FileCompleteBody = Static<typeof FileCompleteBody>;
export const FileComplete = Type.Object({ fileUrl: Type.String() });
export type FileComplete = Static<typeof FileComplete>;

/** spec 2 §7.5 step 4: the URL `complete` answered (root-relative or absolute on this server). */
export const PresignedUrlBody = Type.Object({ file_url: Type.String({ minLength: 1, maxLength: 2000 }) });
export type PresignedUrlBody = Static<typeof PresignedUrlBody>;
export const PresignedUrl = Type.Object({ file_url: Type.String() });
export type PresignedUrl = Static<typeof PresignedUrl>;
