import { describe, expect, it } from 'vitest';
import {
  effectiveTrainingType, formErrorCode, keepMandatoryWithinAudience, trainingScoreIsUsed, validateTrainingBasicData,
  type TrainingBasicData, type TrainingBasicDataContext,
} from './basicData.ts';
import { TRAINING_CLIENT_FLAG_DEFAULTS, trainingFlags } from './flags.ts';
import { decodeEntities, htmlExcerpt, htmlToPlainText, plainLength } from './html.ts';

const REQUIRED = 'make_sure_that_all_fields_are_filled_in';

const valid: TrainingBasicData = {
  title: 'Atendimento ao cliente',
  description: '<p>Como receber bem</p>',
  group_training_type: 2,
  score: 100,
  workload: 1.5,
  tags: [1],
  areas: [10],
  profiles: [20],
  user_groups: [],
};

const ctx = (over: Partial<TrainingBasicDataContext['flags']> = {}, rest: Partial<Omit<TrainingBasicDataContext, 'flags'>> = {}): TrainingBasicDataContext => ({
  flags: { ...trainingFlags({}), ...over },
  typeUsesScore: true,
  canSetScore: true,
  ...rest,
});

describe('htmlExcerpt: the opening words of rich text in a list (news cards, messages)', () => {
  it('keeps blocks apart, collapses whitespace and cuts at the length with an ellipsis', () => {
    expect(htmlExcerpt('<h2>Chegou</h2><p>A coleção</p><ul><li>Guia</li><li>Metas</li></ul>line<br>break', 200)).toBe('Chegou A coleção Guia Metas line break');
    expect(htmlExcerpt('<p>in <strong>line</strong> words</p>', 200)).toBe('in line words');
    expect(htmlExcerpt('<p>😀😀😀😀😀</p>', 4)).toBe('😀😀😀…');
    expect(htmlExcerpt(null, 10)).toBe('');
  });
});

describe('spec 2 §5.1 htmlToPlainText: "HTML stripped, entities decoded"', () => {
  it('strips tags and decodes named and numeric entities', () => {
    expect(htmlToPlainText('<p>Caf&eacute; &amp; <strong>p&atilde;o</strong></p>')).toBe('Café & pão');
    expect(htmlToPlainText('<p>&#233;&#xE9;&lt;b&gt;</p>')).toBe('éé<b>');
    expect(decodeEntities('&unknown; &nbsp;')).toBe('&unknown; \u00a0');
  });
  it('drops script and style contents and comments; blank editor output is empty', () => {
    expect(htmlToPlainText('<p>a<script>alert(1)</script>b<style>p{}</style><!-- c --></p>')).toBe('ab');
    expect(htmlToPlainText('<p><br></p><p>&nbsp;</p>')).toBe('');
    expect(htmlToPlainText(null)).toBe('');
  });
  it('counts characters as a reader does', () => {
    expect(plainLength('ação👍')).toBe(5);
  });
});

describe('spec 2 §5.1 training basic data', () => {
  it('accepts a complete form', () => {
    expect(validateTrainingBasicData(valid, ctx())).toEqual({});
  });

  it('title: required, max 256', () => {
    expect(validateTrainingBasicData({ ...valid, title: '  ' }, ctx()).title).toBe(REQUIRED);
    expect(validateTrainingBasicData({ ...valid, title: 'x'.repeat(256) }, ctx()).title).toBeUndefined();
    expect(validateTrainingBasicData({ ...valid, title: 'x'.repeat(257) }, ctx()).title).toBe('title_too_long');
  });

  it('introduction (HTML stripped, entities decoded): required, max 1024', () => {
    expect(validateTrainingBasicData({ ...valid, description: '<p><br></p>' }, ctx()).description).toBe(REQUIRED);
    // markup does not count: 1024 characters wrapped in tags pass, entities count once
    const text = `<p><strong>${'a'.repeat(1023)}</strong>&amp;</p>`;
    expect(validateTrainingBasicData({ ...valid, description: text }, ctx()).description).toBeUndefined();
    expect(validateTrainingBasicData({ ...valid, description: `<p>${'a'.repeat(1025)}</p>` }, ctx()).description).toBe('introduction_too_long');
  });

  it('group_training_type: required with group_training_use_basic, otherwise 2 is sent', () => {
    expect(validateTrainingBasicData({ ...valid, group_training_type: null }, ctx()).group_training_type).toBe(REQUIRED);
    expect(validateTrainingBasicData({ ...valid, group_training_type: null }, ctx({ group_training_use_basic: false })).group_training_type).toBeUndefined();
    expect(effectiveTrainingType(5, { group_training_use_basic: false })).toBe(2);
    expect(effectiveTrainingType(5, { group_training_use_basic: true })).toBe(5);
  });

  it('score: required when the client uses score, the type has use_score and the user holds trainings_set_score', () => {
    expect(validateTrainingBasicData({ ...valid, score: null }, ctx()).score).toBe(REQUIRED);
    expect(validateTrainingBasicData({ ...valid, score: null }, ctx({}, { canSetScore: false })).score).toBeUndefined();
    expect(validateTrainingBasicData({ ...valid, score: null }, ctx({}, { typeUsesScore: false })).score).toBeUndefined();
    expect(validateTrainingBasicData({ ...valid, score: null }, ctx({ group_training_use_score: false })).score).toBeUndefined();
    expect(trainingScoreIsUsed(ctx({ group_training_use_score: false }))).toBe(false);
  });

  it('score: range 0 to 99999', () => {
    expect(validateTrainingBasicData({ ...valid, score: 0 }, ctx()).score).toBeUndefined();
    expect(validateTrainingBasicData({ ...valid, score: 99999 }, ctx()).score).toBeUndefined();
    expect(validateTrainingBasicData({ ...valid, score: 100000 }, ctx()).score).toBe('score_out_of_range');
    expect(validateTrainingBasicData({ ...valid, score: -1 }, ctx()).score).toBe('score_out_of_range');
  });

  it('workload: required; tags: at least one', () => {
    const errors = validateTrainingBasicData({ ...valid, workload: null, tags: [] }, ctx());
    expect(errors).toEqual({ workload: REQUIRED, tags: REQUIRED });
  });

  it('each alt text: max 170', () => {
    const errors = validateTrainingBasicData({ ...valid, group_training_image_alt_texts: { 'pt-br': 'a'.repeat(170), 'en-us': 'b'.repeat(171) } }, ctx());
    expect(errors).toEqual({ 'group_training_image_alt_texts.en-us': 'alt_text_too_long' });
  });

  it('audience: user groups, or both areas and profiles; all empty flags all three', () => {
    expect(validateTrainingBasicData({ ...valid, areas: [], profiles: [], user_groups: [3] }, ctx())).toEqual({});
    expect(validateTrainingBasicData({ ...valid, areas: [], profiles: [], user_groups: [] }, ctx()))
      .toEqual({ areas: REQUIRED, profiles: REQUIRED, user_groups: 'choose_user_groups_or_areas_and_profiles' });
    // if any area or profile is chosen, both areas and profiles are required (even with groups)
    expect(validateTrainingBasicData({ ...valid, areas: [10], profiles: [], user_groups: [3] }, ctx())).toEqual({ profiles: REQUIRED });
    expect(validateTrainingBasicData({ ...valid, areas: [], profiles: [20] }, ctx())).toEqual({ areas: REQUIRED });
  });

  it('mandatory areas and profiles, with training subscription on: each requires the other, subsets of the chosen', () => {
    const sub = ctx({ use_training_subscription: true });
    expect(validateTrainingBasicData({ ...valid, mandatory_profiles: [20] }, sub)).toEqual({ mandatory_areas: REQUIRED });
    expect(validateTrainingBasicData({ ...valid, mandatory_areas: [10] }, sub)).toEqual({ mandatory_profiles: REQUIRED });
    expect(validateTrainingBasicData({ ...valid, mandatory_areas: [10], mandatory_profiles: [20] }, sub)).toEqual({});
    expect(validateTrainingBasicData({ ...valid, mandatory_areas: [11], mandatory_profiles: [20] }, sub)).toEqual({ mandatory_areas: 'mandatory_audience_not_chosen' });
    // without subscription the mandatory lists are not read
    expect(validateTrainingBasicData({ ...valid, mandatory_areas: [11] }, ctx())).toEqual({});
  });

  it('unticking an area or profile drops it from the mandatory list', () => {
    expect(keepMandatoryWithinAudience({ areas: [1], profiles: [2], mandatory_areas: [1, 5], mandatory_profiles: [3] }))
      .toEqual({ areas: [1], profiles: [2], mandatory_areas: [1], mandatory_profiles: [] });
  });

  it('a failed form answers make_sure_that_all_fields_are_filled_in when a field is missing (spec 2 §5)', () => {
    expect(formErrorCode({ title: 'title_too_long', tags: REQUIRED })).toBe(REQUIRED);
    expect(formErrorCode({ title: 'title_too_long' })).toBe('title_too_long');
    expect(formErrorCode({})).toBeNull();
  });
});

describe('spec 2 §3.1 client parameters', () => {
  it('reads the flags from the settings JSON with defaults', () => {
    expect(trainingFlags(null)).toEqual(TRAINING_CLIENT_FLAG_DEFAULTS);
    const flags = trainingFlags({ use_training_subscription: true, group_training_use_basic: false, has_games: 'yes' });
    expect(flags.use_training_subscription).toBe(true);
    expect(flags.group_training_use_basic).toBe(false);
    expect(flags.has_games).toBe(TRAINING_CLIENT_FLAG_DEFAULTS.has_games);
    // spec 2 §2.3: comments "on by default when the client is not found"
    expect(flags.use_comments_group_training).toBe(true);
  });
});
