// Helpers over the generated api-schema.d.ts, for the JSDoc of lib/request.js and the features' api/ files:
//   /** @type {import('../../../lib/api-types').Answer<'/api/users/me', 'get'>} */
//   const json = await request('users/me')
// types `json` as the document's 2xx JSON body of GET /api/users/me, so reading a field the document does not
// have fails `npm run typecheck`. Only types: nothing here exists at run time.
import type { components, paths } from './api-schema'

/** Path is a path of the OpenAPI document, with its /api prefix ('/api/users/me'). */
export type Path = keyof paths

/** Method is an HTTP method as the document's path items name it. */
export type Method = 'get' | 'put' | 'post' | 'delete' | 'patch'

type Operation<P extends Path, M extends Method> = NonNullable<paths[P][M]>
type JsonContent<R> = R extends { content: { 'application/json': infer B } } ? B : never
type Success = 200 | 201 | 202

/** Answer is the JSON body of a successful (2xx) answer of method M on path P. */
export type Answer<P extends Path, M extends Method> =
  Operation<P, M> extends { responses: infer R } ? JsonContent<R[Extract<keyof R, Success>]> : never

/** Data is the `data` member of that answer ({data: ...} is how every JSON answer is wrapped). */
export type Data<P extends Path, M extends Method> = Answer<P, M> extends { data: infer D } ? D : never

/** Body is the JSON request body of method M on path P. */
export type Body<P extends Path, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never

/** Query is the query parameters of method M on path P. */
export type Query<P extends Path, M extends Method> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never

/** Schema is a named schema of the document (components/schemas), e.g. Schema<'User'>. */
export type Schema<N extends keyof components['schemas']> = components['schemas'][N]
