import type { TeamMember } from '@leadgrid/shared/people/people';

/**
 * Product §4: members whose role status (in the team, or of their account) is not active come first; the order
 * within each part is kept (the server's: by name).
 */
export function orderMembers(members: readonly TeamMember[]): TeamMember[] {
  const rank = (m: TeamMember) => (m.status !== 'active' || m.userStatus !== 'active' ? 0 : 1);
  return [...members].sort((a, b) => rank(a) - rank(b));
}
