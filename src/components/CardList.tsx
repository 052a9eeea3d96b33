import type { CardView } from '../shared/schemas/catalog.ts';
import { PostCard } from './PostCard.tsx';

/**
 * A horizontal row of cards, rendered in one go (one React render per row, not per card).
 * `company: false` leaves out the company line (a profile's own posts, on its page).
 */
export function CardList({ id, posts, company = true }: { id: string; posts: CardView[]; company?: boolean }) {
  return (
    <ul id={id} className="scroll-row mt-3 flex gap-4 overflow-x-auto pb-2">
      {posts.map((post) => <li key={post.id} className="card-slot"><PostCard post={post} company={company} /></li>)}
    </ul>
  );
}
