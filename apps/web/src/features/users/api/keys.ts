import type { UsersQuery } from '@app/shared/schemas/access';

/** Query keys of the users-and-roles screens; a write invalidates the lists it changes. */
export const accessKeys = {
  roles: () => ['roles'] as const,
  users: () => ['staff-users'] as const,
  usersPage: (query: Partial<UsersQuery>) => [...accessKeys.users(), 'page', query] as const,
  invitations: () => ['invitations'] as const,
  branchOptions: () => ['staff-users', 'branch-options'] as const,
  invitationPreview: (token: string) => ['invitation-preview', token] as const,
};
