import { deliveryQuoteQuery, type PublicCity, type PublicSubCity } from '@haat/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound, pathId } from '../../http/errors';
import { deliveryQuote } from './delivery-charge.service';
import { cachedPublic, cityResource, deliveryChargeResource, subCityResource } from './location.resources';
import { cities, subCities } from './location.table';

/** Browsers and CDNs may keep the public lists for a minute. */
const cacheBriefly = (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=60, stale-while-revalidate=300');

export async function locationRoutes(app: FastifyInstance) {
  cityResource.register(app);
  subCityResource.register(app);
  deliveryChargeResource.register(app);

  /** Checkout's city list: active cities, the main city first, with Bengali names. */
  app.get('/_public/cities', async (request, reply) => {
    const list = await cachedPublic('cities', async (): Promise<PublicCity[]> => {
      const rows = await request.server.db
        .select({ id: cities.id, name: cities.name, nameBn: cities.nameBn, division: cities.division, isMainCity: cities.isMainCity })
        .from(cities)
        .where(eq(cities.status, 1))
        .orderBy(desc(cities.isMainCity), asc(cities.name));
      return rows.map((row) => ({ id: row.id, name: row.name, name_bn: row.nameBn, division: row.division, is_main_city: row.isMainCity }));
    });
    cacheBriefly(reply);
    return { cities: list };
  });

  app.get<{ Params: { id: string } }>('/_public/cities/:id/sub-cities', async (request, reply) => {
    const cityId = pathId(request.params.id, 'The city');
    const list = await cachedPublic(`sub-cities:${cityId}`, async (): Promise<PublicSubCity[] | null> => {
      const { db } = request.server;
      const [city] = await db
        .select({ id: cities.id })
        .from(cities)
        .where(and(eq(cities.id, cityId), eq(cities.status, 1)));
      if (!city) return null;
      const rows = await db
        .select({
          id: subCities.id,
          cityId: subCities.cityId,
          name: subCities.name,
          nameBn: subCities.nameBn,
          inside: subCities.isInsideMainCity,
        })
        .from(subCities)
        .where(and(eq(subCities.cityId, cityId), eq(subCities.status, 1)))
        .orderBy(desc(subCities.isInsideMainCity), asc(subCities.name));
      return rows.map((row) => ({ id: row.id, city_id: row.cityId, name: row.name, name_bn: row.nameBn, is_inside_main_city: row.inside }));
    });
    if (!list) throw notFound('The city');
    cacheBriefly(reply);
    return { sub_cities: list };
  });

  /** What delivery to a place costs, for checkout to show before the order is placed. */
  app.get('/_public/delivery/charge', async (request) => {
    const query = deliveryQuoteQuery.parse(request.query);
    return deliveryQuote(request.server.db, { cityId: query.city_id, subCityId: query.sub_city_id, weightGrams: query.weight_grams });
  });
}
