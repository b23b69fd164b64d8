/** A person as screens, documents and notifications name them: first and last name, or the e-mail when both are empty. */
export const personName = (p: { firstName: string; lastName: string; email: string }) => `${p.firstName} ${p.lastName}`.trim() || p.email;
