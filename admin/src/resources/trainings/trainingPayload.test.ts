import { describe, expect, it } from 'vitest';
import type { Training } from '@lp/shared/contract';
import { NEW_TRAINING, trainingFormValues, trainingPayload } from './trainingPayload.ts';

const training: Training = {
  id: 7, title: 'Atendimento', description: '<p>Intro</p>', group_training_type: 1, score: 50, workload: 4, code: 'AT-1',
  tags: [1], areas: [2], profiles: [3], user_groups: [], mandatory_areas: [], mandatory_profiles: [],
  owners_list: [{ id: 2, full_name: 'Igor Instructor', email: 'instructor@demo.local' }], on_portfolio: true, portfolio_order: 3,
  unpublish_date: '2026-12-30', qty_certificate_expiration_days: 365,
  group_training_images: [{ original: false, image: '/media/thumb.jpg' }, { original: true, image: '/media/original.jpg' }],
  group_training_image_alt_text: [{ language: 'pt-br', alt_text: 'Loja' }], group_training_certificate_image_url: null,
  is_open: false, has_done_activities: false, status: 2, portal_url: 'http://localhost/online-courses/7',
};

describe('training basic data ↔ the §7.1 contract', () => {
  it('reads the record into the form: owners as ids, the original image, alt texts by language, the unpublish day shown +1', () => {
    const values = trainingFormValues(training);
    expect(values).toMatchObject({
      owners: [2], image: '/media/original.jpg', group_training_image_alt_texts: { 'pt-br': 'Loja' }, unpublish_date_shown: '2026-12-31',
    });
  });

  it('sends the same training back unchanged (load and save keep the unpublish date)', () => {
    const body = trainingPayload(trainingFormValues(training), { sendScore: true, groupTrainingType: 1 });
    expect(body).toMatchObject({
      title: 'Atendimento', code: 'AT-1', portfolio_order: 3, unpublish_date: '2026-12-30', score: 50, owners: [2],
      group_training_images: '/media/original.jpg', qty_certificate_expiration_days: 365,
    });
    expect(body.group_training_image_alt_texts).toEqual({ 'pt-br': 'Loja', 'en-us': '', 'es-es': '', 'fr-fr': '' });
  });

  it('leaves out what §7.1 omits when empty, and sends score 0 when it is not in use', () => {
    const body = trainingPayload({ ...NEW_TRAINING, title: '  Novo  ', score: 80 }, { sendScore: false, groupTrainingType: 2 });
    expect(body.title).toBe('Novo');
    expect(body.score).toBe(0);
    expect(body.group_training_type).toBe(2);
    for (const omitted of ['code', 'user_groups', 'portfolio_order', 'unpublish_date', 'mandatory_areas', 'mandatory_profiles']) {
      expect(body).not.toHaveProperty(omitted);
    }
  });
});
