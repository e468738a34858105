import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  PREVIEW_GRANT_TTL_SECONDS, PreviewGrant, PreviewGrantInput, VIEW_EDITOR_PATH, previewPortalPath,
} from '@lp/shared/contract';
import { titleAccess } from '../../lib/access.ts';
import { HttpError } from '../../lib/httpError.ts';
import { signPreviewGrant } from '../../lib/previewGrant.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { findLearnerTraining } from '../../repositories/learner/catalogue.ts';
import { learnerContext } from '../../repositories/learner/context.ts';
import { findLearnerWebcast } from '../../repositories/learner/webcasts.ts';
import { previewContentExists, previewLearner } from '../../repositories/viewEditor.ts';

/**
 * "View editor as a student" (spec 1 §2.3, module item `view_editor` §6.2): a short-lived,
 * read-only grant to open a training or webcast of the selected client in the portal as a
 * learner would see it — the chosen person, or the first learner of a chosen area, profile and
 * group. The portal presents it on that content's learner read only (docs/security.md "Preview grants").
 */
const viewEditor: FastifyPluginAsyncTypebox = async (app) => {
  app.post(VIEW_EDITOR_PATH, {
    config: { access: titleAccess('view_editor') },
    schema: { body: PreviewGrantInput, response: { 200: PreviewGrant } },
  }, async (request) => {
    const clientId = clientOf(request);
    const { user } = authOf(request);
    const { kind, content_id: contentId, ...choice } = request.body;
    if (!(await previewContentExists(app.db, clientId, kind, contentId))) {
      throw new HttpError(404, 'not_found', kind === 'training' ? 'Training not found' : 'Webinar not found');
    }
    const learner = await previewLearner(app.db, clientId, choice);
    if (!learner) throw new HttpError(404, 'preview_nobody', 'Nobody in this client matches the chosen learner, area, profile and group');
    const ctx = { ...(await learnerContext(app.db, clientId, { id: learner.id, language_id: user.language_id })), preview: true };
    const visible = kind === 'training'
      ? (await findLearnerTraining(app.db, ctx, contentId)) !== undefined
      : (await findLearnerWebcast(app.db, ctx, contentId)) !== undefined;
    const expires = Math.floor(Date.now() / 1000) + PREVIEW_GRANT_TTL_SECONDS;
    const grant = signPreviewGrant(app.mediaSecret, { a: user.id, c: clientId, k: kind, i: contentId, u: learner.id, e: expires });
    return {
      grant,
      expires_at: new Date(expires * 1000).toISOString(),
      learner,
      visible,
      portal_path: previewPortalPath(kind, contentId, grant, learner.full_name),
    };
  });
};
export default viewEditor;
