-- A confidential job or hireme post is placed at the centre of its town, never at the employer's premises (issue 38):
-- its search row (Near Me, distances, the facet stores) moves there; the code that writes search rows does the same.
UPDATE search_posts
SET (lat, lon, x, y, z) = (
  SELECT town.latitude, town.longitude,
    cos(radians(town.latitude)) * cos(radians(town.longitude)), cos(radians(town.latitude)) * sin(radians(town.longitude)), sin(radians(town.latitude))
  FROM cities town WHERE town.id = search_posts.city_id)
WHERE post_id IN (SELECT post_id FROM job_details WHERE company_confidential = 1 UNION SELECT post_id FROM hireme_details WHERE company_confidential = 1);
