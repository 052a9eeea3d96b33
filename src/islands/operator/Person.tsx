/** A person the console names: their name, linked to their account's page (an account since deleted by its id). */
export function Person({ id, name }: { id: number; name: string | null | undefined }) {
  return <a className="underline" href={`/operator/users/${id}`}>{name ?? `account ${id}`}</a>;
}
