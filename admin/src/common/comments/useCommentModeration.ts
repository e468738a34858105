import { useCallback } from 'react';
import { publishCommentPath, type CommentOrigin } from '@lp/shared/contract';
import { useContractHttp } from '../http/index.ts';

/**
 * spec 2 §7.4 moderation: POST {collection}{id}/publish_comment/ with the form fields status and
 * id — not record CRUD, so a typed call beside the table (docs/admin.md "Extra verbs"). null where
 * the origin has no moderation path (webcasts, live classes, the trails' star ratings).
 */
export function useCommentModeration(origin: CommentOrigin, id: number | string) {
  const http = useContractHttp();
  const path = publishCommentPath(origin, id);
  const moderate = useCallback(async (commentId: number, status: number): Promise<void> => {
    if (!path) return;
    try {
      await http.form(path, 'POST', { status, id: commentId });
    } catch (error) {
      // spec 2 §8: moderation failures are silent (only logged)
      console.error('comment moderation failed', error);
    }
  }, [http, path]);
  return path ? moderate : null;
}
