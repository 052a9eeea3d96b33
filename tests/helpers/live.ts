/**
 * SQL saying a post is live (active and not past its expiry), written here independently of the
 * code under test so fixtures can pick live or expired posts. `alias` is the posts table's alias.
 */
export function liveSql(alias = 'p'): string {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return `(${column('status')} = 'active' AND (${column('expires_at')} IS NULL OR ${column('expires_at')} > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`;
}
