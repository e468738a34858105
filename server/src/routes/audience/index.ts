import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AUDIENCE_PREVIEW_PATH, AUDIENCE_PREVIEW_SAMPLE, AUDIENCE_PREVIEW_TITLES, AudiencePreviewAnswer, AudiencePreviewQuery,
} from '@lp/shared/contract';
import { audienceReach, foreignAudienceIds } from '../../content/audience/index.ts';
import { titleAccess } from '../../lib/access.ts';
import { HttpError } from '../../lib/httpError.ts';
import { clientOf } from '../../plugins/app/auth.ts';

/**
 * The editors' audience preview (docs/api.md "Audience preview"): whom an audience not saved yet
 * reaches in the selected client, by the rule that decides what learners see. Open to whoever may
 * open one of the screens whose editors have an audience.
 */
const audience: FastifyPluginAsyncTypebox = async (app) => {
  app.post(AUDIENCE_PREVIEW_PATH, {
    config: { access: titleAccess(...AUDIENCE_PREVIEW_TITLES) },
    schema: { body: AudiencePreviewQuery, response: { 200: AudiencePreviewAnswer } },
  }, async (request) => {
    const clientId = clientOf(request);
    const chosen = { areas: request.body.areas ?? [], profiles: request.body.profiles ?? [], user_groups: request.body.user_groups ?? [] };
    // another client's ids are refused as the saves refuse them: an audience never reaches outside its client
    const foreign = await foreignAudienceIds(app.db, clientId, chosen);
    if (Object.keys(foreign).length) throw new HttpError(400, 'validation_error', 'Unknown reference', foreign);
    return audienceReach(app.db, clientId, chosen, AUDIENCE_PREVIEW_SAMPLE);
  });
};
export default audience;
