/**
 * The map view's call of the API (issue 43), typed like src/client/calls.ts but apart from it: calls.ts is shared by
 * every page's islands, and pages without the map load none of the map's code.
 */
import type { MapRequest, MapResponse } from '../shared/search.ts';
import { api } from './api.ts';

/** The map's pins and clusters in a box: POST /api/post/map. */
export const searchMap = (body: MapRequest) => api.post('post/map', { json: body }).json<MapResponse>();
