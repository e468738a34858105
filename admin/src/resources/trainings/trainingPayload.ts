import { unpublishDateForDisplay, unpublishDateFromDisplay } from '@lp/shared/rules';
import type { Training, TrainingInput } from '@lp/shared/contract';
import { altTextsFromList, type AltTexts } from '../../common/imageCrop/AltTextsInput.tsx';
import type { Owner } from '../../common/ownersInput/OwnersInput.tsx';

/** The basic-data form's values: the training's write shape, with the image and dates as the inputs hold them. */
export interface TrainingFormValues {
  id?: number;
  title: string;
  description: string;
  group_training_type: number | null;
  score: number | null;
  workload: number | null;
  code: string | null;
  tags: number[];
  areas: number[];
  profiles: number[];
  user_groups: number[];
  mandatory_areas: number[];
  mandatory_profiles: number[];
  owners: number[];
  owners_list: Owner[];
  on_portfolio: boolean;
  portfolio_order: number;
  /** the day shown in the editor: the stored day + 1 (spec 4 "Dates") */
  unpublish_date_shown: string | null;
  qty_certificate_expiration_days: number | null;
  /** URL of the original image */
  image: string | null;
  group_training_image_alt_texts: AltTexts;
  portal_url?: string;
  status?: number;
}

export const NEW_TRAINING: TrainingFormValues = {
  title: '', description: '', group_training_type: null, score: null, workload: null, code: null,
  tags: [], areas: [], profiles: [], user_groups: [], mandatory_areas: [], mandatory_profiles: [],
  owners: [], owners_list: [], on_portfolio: false, portfolio_order: 9999, unpublish_date_shown: null,
  qty_certificate_expiration_days: null, image: null, group_training_image_alt_texts: {},
};

/** GET P/ → form values (spec 2 §3.1 read shapes). */
export function trainingFormValues(training: Training): TrainingFormValues {
  return {
    id: training.id,
    title: training.title,
    description: training.description,
    group_training_type: training.group_training_type,
    score: training.score,
    workload: training.workload,
    code: training.code,
    tags: training.tags,
    areas: training.areas,
    profiles: training.profiles,
    user_groups: training.user_groups,
    mandatory_areas: training.mandatory_areas,
    mandatory_profiles: training.mandatory_profiles,
    owners: training.owners_list.map((o) => o.id),
    owners_list: training.owners_list,
    on_portfolio: training.on_portfolio,
    portfolio_order: training.portfolio_order,
    unpublish_date_shown: unpublishDateForDisplay(training.unpublish_date),
    qty_certificate_expiration_days: training.qty_certificate_expiration_days,
    image: training.group_training_images.find((i) => i.original)?.image ?? null,
    group_training_image_alt_texts: altTextsFromList(training.group_training_image_alt_text),
    portal_url: training.portal_url,
    status: training.status,
  };
}

const blank = (value: string | null | undefined) => !value || !value.trim();

/**
 * Form values → the JSON body of POST /admin_group_trainings/group_trainings/ and PUT P/, with
 * spec 2 §7.1's omissions: code when null, user_groups when empty, portfolio_order unless
 * on_portfolio, unpublish_date when empty, mandatory_* when empty. score is sent only when it is
 * in use (`sendScore`), otherwise 0 (spec 2 §5.1).
 */
export function trainingPayload(values: TrainingFormValues, options: { sendScore: boolean; groupTrainingType: number | null }): TrainingInput {
  const body: TrainingInput = {
    title: values.title.trim(),
    description: values.description,
    group_training_type: options.groupTrainingType,
    score: options.sendScore ? values.score : 0,
    workload: values.workload,
    tags: values.tags,
    areas: values.areas,
    profiles: values.profiles,
    owners: values.owners,
    on_portfolio: values.on_portfolio,
    group_training_images: values.image ?? '',
    group_training_image_alt_texts: {
      'pt-br': values.group_training_image_alt_texts['pt-br'] ?? '',
      'en-us': values.group_training_image_alt_texts['en-us'] ?? '',
      'es-es': values.group_training_image_alt_texts['es-es'] ?? '',
      'fr-fr': values.group_training_image_alt_texts['fr-fr'] ?? '',
    },
    qty_certificate_expiration_days: values.qty_certificate_expiration_days,
  };
  if (!blank(values.code)) body.code = values.code!.trim();
  if (values.user_groups.length) body.user_groups = values.user_groups;
  if (values.on_portfolio) body.portfolio_order = values.portfolio_order;
  const unpublish = unpublishDateFromDisplay(values.unpublish_date_shown);
  if (unpublish) body.unpublish_date = unpublish;
  if (values.mandatory_areas.length) body.mandatory_areas = values.mandatory_areas;
  if (values.mandatory_profiles.length) body.mandatory_profiles = values.mandatory_profiles;
  return body;
}
