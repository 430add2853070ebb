import { ActorType, type Actor } from '../modules/articles/article-repository';
import { badRequest } from './errors';

/**
 * The reader a personal read or write is for. Without sign-in (a later part of the product),
 * that is the visitor the request names; with it, the signed-in user will be.
 */
export function actorOf(visitorId: string | undefined): Actor {
  if (!visitorId) throw badRequest('visitorId is required when no one is signed in');
  return { type: ActorType.VISITOR, id: visitorId };
}
