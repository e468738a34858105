import fp from 'fastify-plugin';
import type { Db } from '../../db/database.ts';

/** What moved in a learner's training: the learner side reports it in the transaction that made it. */
export interface ProgressChange {
  /** the transaction the change was written in: listeners write in it, so all of it stands or none */
  db: Db;
  clientId: number;
  userId: number;
  trainingId: number;
  cause: 'module' | 'test' | 'game' | 'restart' | 'closed';
}

export type ProgressListener = (change: ProgressChange) => Promise<void>;

export interface LearningEvents {
  /** areas that follow progress (completion and certificates, points, trails) subscribe while registering */
  onProgress(listener: ProgressListener): void;
  /** runs every listener, in the order they subscribed, inside the caller's transaction */
  progressChanged(change: ProgressChange): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    learning: LearningEvents;
  }
}

/**
 * The seam between what records progress (module player, test engine, restart, the admin's
 * open→closed switch) and what follows from it (completion, certificates, points, trails): the
 * recorders do not know their followers, and a follower sees every cause.
 */
export default fp(async (app) => {
  const listeners: ProgressListener[] = [];
  app.decorate('learning', {
    onProgress(listener) {
      listeners.push(listener);
    },
    async progressChanged(change) {
      for (const listener of listeners) await listener(change);
    },
  } satisfies LearningEvents);
}, { name: 'learning' });
