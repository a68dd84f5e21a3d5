import type { PublicScope } from '../../platform/scope.ts';
import type { UserRow } from './users.queries.ts';

/**
 * Who may do what with members' profiles. Services ask these before they act; a refusal that
 * must not reveal whether the thing exists is answered 404 by the service, anything else 403
 * (`forbidden()`). The tenant is already checked by the query (`appId` of the scope).
 */

/** A profile is shown once its owner confirmed the address; the owner always sees their own. */
export function mayViewProfile(scope: PublicScope, target: Pick<UserRow, 'id' | 'emailConfirmedAt'>): boolean {
  return target.emailConfirmedAt !== null || scope.user?.id === target.id;
}
