import { describe, it, expect, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { combineReads, ListState } from '../list-state'

const view = (swr, props = {}) =>
  render(
    <ListState swr={swr} loadingLabel="Loading things…" isEmpty={(d) => d.length === 0} empty={<p>Nothing yet.</p>} {...props}>
      {(items) => (
        <ul aria-label="Things">
          {items.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      )}
    </ListState>,
  )

describe('ListState', () => {
  it('shows the spinner on the first load only', () => {
    view({ data: undefined, isLoading: true, mutate: vi.fn() })
    expect(screen.getByRole('status')).toHaveTextContent('Loading things…')
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
  })

  it('shows the error with Try again calling mutate when nothing has loaded', async () => {
    const mutate = vi.fn()
    view({ data: undefined, error: new Error('Could not load.'), mutate })
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load.')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(mutate).toHaveBeenCalledOnce()
  })

  it('keeps loaded data on a later error, unless errorHidesData', () => {
    const swr = { data: ['a'], error: new Error('Could not load.'), mutate: vi.fn() }
    const { unmount } = view(swr)
    expect(screen.getByRole('list', { name: 'Things' })).toHaveTextContent('a')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    unmount()
    view(swr, { errorHidesData: true })
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load.')
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
  })

  it('shows the empty state, then the list', () => {
    const { rerender } = view({ data: [], mutate: vi.fn() })
    expect(screen.getByText('Nothing yet.')).toBeInTheDocument()
    rerender(
      <ListState swr={{ data: ['a', 'b'], mutate: vi.fn() }} isEmpty={false}>
        {(items) => <p>{items.join(',')}</p>}
      </ListState>,
    )
    expect(screen.getByText('a,b')).toBeInTheDocument()
    expect(screen.queryByText('Nothing yet.')).not.toBeInTheDocument()
  })

  it('combineReads is loaded when every read is, and retries them all', async () => {
    const a = { data: [1], mutate: vi.fn() }
    const b = { data: undefined, isLoading: true, mutate: vi.fn() }
    expect(combineReads(a, b)).toMatchObject({ data: undefined, isLoading: true })
    const both = combineReads(a, { ...b, data: [2], isLoading: false, error: new Error('x') })
    expect(both.data).toEqual([[1], [2]])
    expect(both.error.message).toBe('x')
    await both.mutate()
    expect(a.mutate).toHaveBeenCalledOnce()
  })
})
