import { buildSchema, parse, validate, Kind, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { transitTypeDefs } from '@sawari/contracts/src/transit-schema';
import * as tracking from '@sawari/contracts/src/generated/mf-tracking';
import * as tickets from '@sawari/contracts/src/generated/mf-tickets';
// The codegen plugin that writes the documents (codegen.ts); plain CommonJS, run by graphql-codegen.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const documentsPlugin = require('../../../../scripts/codegen-documents.cjs') as {
  plugin(schema: GraphQLSchema, documents: { document: ReturnType<typeof parse> }[]): string;
};

const schema = buildSchema(transitTypeDefs);
const documentsOf = (module: Record<string, unknown>) =>
  Object.entries(module).filter(([name, v]) => name.endsWith('Document') && typeof v === 'string') as [string, string][];

describe('generated GraphQL documents (npm run codegen)', () => {
  it.each([
    ['mf-tracking', tracking],
    ['mf-tickets', tickets],
  ])('%s: every document is one named operation the schema accepts, compact, its fragments expanded', (_remote, module) => {
    const docs = documentsOf(module as Record<string, unknown>);
    expect(docs.length).toBeGreaterThan(1);
    for (const [name, text] of docs) {
      const ast = parse(text);
      expect(validate(schema, ast)).toEqual([]);
      expect(ast.definitions).toHaveLength(1);
      const op = ast.definitions[0] as OperationDefinitionNode;
      expect(op.kind).toBe(Kind.OPERATION_DEFINITION);
      expect(`${op.name?.value}Document`).toBe(name);
      expect(text).not.toMatch(/\.\.\.|\s{2,}|\n/);
    }
  });

  it('the screens send the same queries as before codegen (names and arguments kept)', () => {
    expect(tracking.RouteArrivalsDocument).toMatch(
      /^query RouteArrivals\(\$city:ID!\$stopId:ID!\$routeId:ID!\)\{stopArrivals\(city:\$city stopId:\$stopId routeId:\$routeId limit:10\)/,
    );
    expect(tracking.NearbyStopsDocument).toContain('nearbyStops(city:$city lat:$lat lon:$lon radiusMeters:1500 limit:20)');
    expect(tickets.SearchRoutesDocument).toBe(
      'query SearchRoutes($city:ID!$query:String!){searchRoutes(city:$city query:$query limit:20){route_id route_name route_long_name agency_name color text_color}}',
    );
  });
});

describe('the documents plugin', () => {
  const run = (source: string) => documentsPlugin.plugin(schema, [{ document: parse(source) }]);

  it('expands the fragments an operation spreads, nested ones too, each field once, and types the constant by its operation', () => {
    const out = run(`
      fragment A on Stop { stop_id ...B routes { ...R } }
      fragment B on Stop { stop_name }
      fragment R on RouteSummary { route_id }
      fragment Unused on Stop { stop_lat }
      query One($city: ID!, $stopId: ID!) { stop(city: $city, stopId: $stopId) { ...A ...B } }
    `);
    expect(out).toContain(
      'export const OneDocument = "query One($city:ID!$stopId:ID!){stop(city:$city stopId:$stopId){stop_id stop_name routes{route_id}}}" as TypedDocument<OneQuery, OneQueryVariables>;',
    );
    expect(out).not.toContain('stop_lat');
  });

  it('refuses an anonymous or lower-case operation and a spread of an unknown fragment', () => {
    expect(() => run('{ transitCity(city: "x") { id } }')).toThrow(/PascalCase/);
    expect(() => run('query city { transitCity(city: "x") { id } }')).toThrow(/PascalCase/);
    expect(() => run('query One { stop(city: "x", stopId: "y") { ...Missing } }')).toThrow(/unknown fragment Missing/);
    expect(() => run('fragment L on Stop { ...L } query One { stop(city: "x", stopId: "y") { ...L } }')).toThrow(/spreads itself/);
  });
});
