/** The one place users query keys are spelled. */
export const usersKeys = {
  all: ['users'] as const,
  list: () => [...usersKeys.all, 'list'] as const,
};

/** Shared by every user delete, so a settling delete can tell whether others are still running. */
export const deleteUserMutationKey = [...usersKeys.all, 'delete'] as const;
