import { describe, it, expect, vi } from 'vitest'
import { renderHook, waitFor, act } from '@testing-library/react'
import useSWR, { SWRConfig } from 'swr'
import { useMutation } from '../use-mutation'

function setup(call, affects) {
  const loads = { 'campaigns/summary': 0, 'campaigns/all-campaigns?page=1': 0, 'jobs?kind=creator_import': 0 }
  const fetcher = (key) => ++loads[key]
  const wrapper = ({ children }) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
  const { result } = renderHook(
    () => {
      Object.keys(loads).forEach((k) => useSWR(k, fetcher))
      return useMutation(call, affects)
    },
    { wrapper },
  )
  return { loads, result }
}

describe('useMutation', () => {
  it('revalidates the keys its predicate accepts once the call succeeded, and resolves to its result', async () => {
    const call = vi.fn(async (id) => ({ deleted: id }))
    const { loads, result } = setup(call, (k) => typeof k === 'string' && k.startsWith('campaigns/'))
    await waitFor(() => expect(Object.values(loads)).toEqual([1, 1, 1]))
    let out
    await act(async () => {
      out = await result.current('c1')
    })
    expect(out).toEqual({ deleted: 'c1' })
    expect(call).toHaveBeenCalledWith('c1')
    await waitFor(() => expect(loads).toEqual({ 'campaigns/summary': 2, 'campaigns/all-campaigns?page=1': 2, 'jobs?kind=creator_import': 1 }))
  })

  it('takes a single key too, and revalidates nothing when the call fails', async () => {
    const ok = setup(async () => 'queued', 'jobs?kind=creator_import')
    await waitFor(() => expect(Object.values(ok.loads)).toEqual([1, 1, 1]))
    await act(() => ok.result.current())
    await waitFor(() => expect(ok.loads['jobs?kind=creator_import']).toBe(2))
    expect(ok.loads['campaigns/summary']).toBe(1)

    const failing = setup(async () => {
      throw new Error('refused')
    }, 'jobs?kind=creator_import')
    await waitFor(() => expect(Object.values(failing.loads)).toEqual([1, 1, 1]))
    await act(async () => {
      await expect(failing.result.current()).rejects.toThrow('refused')
    })
    expect(failing.loads['jobs?kind=creator_import']).toBe(1)
  })
})
