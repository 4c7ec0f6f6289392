import useSWR from 'swr'
import { request } from '../../../lib/request'

export const MEMBERS_KEY = 'brands/members'

/**
 * getMembers loads GET /api/brands/members: {members, invitations}.
 * @param {string} key
 */
export async function getMembers(key) {
  /** @type {import('../../../lib/api-types').Answer<'/api/brands/members', 'get'>} */
  const json = await request(key)
  return { members: json?.data?.members ?? [], invitations: json?.data?.invitations ?? [] }
}

export function useMembers(enabled = true) {
  return useSWR(enabled ? MEMBERS_KEY : null, getMembers)
}
