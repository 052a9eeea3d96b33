-- A confidential job or hireme post is placed at the centre of its town, never at the employer's premises (issue 38):
-- its search row (Near Me, distances, the facet stores) moves there; the code that writes search rows does the same.
UPDATE search_posts sp
SET lat = town.latitude, lon = town.longitude,
  x = cos(radians(town.latitude)) * cos(radians(town.longitude)), y = cos(radians(town.latitude)) * sin(radians(town.longitude)), z = sin(radians(town.latitude))
FROM cities town
WHERE town.id = sp.city_id
  AND sp.post_id IN (SELECT post_id FROM job_details WHERE company_confidential UNION SELECT post_id FROM hireme_details WHERE company_confidential);
