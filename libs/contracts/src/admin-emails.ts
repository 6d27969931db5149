/** ADMIN_EMAILS, both sides lower-cased (platform-core section 5, Admin). */
export function isAdminEmail(adminEmails: string, email: string): boolean {
  const wanted = email.trim().toLowerCase();
  return adminEmails.split(',').some((entry) => entry.trim().toLowerCase() === wanted && wanted !== '');
}
