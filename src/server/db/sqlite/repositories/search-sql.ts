/** SQL fragments built from the search attribute table (src/shared/search-attributes.ts): only closed-set literals. */
import { bit, type SearchAttribute } from '../../../../shared/search-attributes.ts';

/** SQL summing a post's attribute rows into its bitmask. */
export function maskSql(attribute: SearchAttribute, postIdSql: string): string {
  const cases = attribute.keys.map((key) => `WHEN '${key}' THEN ${bit(attribute, key)}`).join(' ');
  return `(SELECT coalesce(sum(CASE value ${cases} ELSE 0 END), 0) FROM post_attributes
    WHERE post_id = ${postIdSql} AND name = '${attribute.attribute}')`;
}

/** SQL counting, within a group, the rows having `key` of `attribute`. */
export function countSql(attribute: SearchAttribute, key: string, table = 's'): string {
  return attribute.kind === 'mask'
    ? `sum((${table}.${attribute.column} & ${bit(attribute, key)}) != 0)`
    : `sum(${table}.${attribute.column} = '${key}')`;
}
