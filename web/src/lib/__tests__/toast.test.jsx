import { describe, it, expect, beforeEach, vi, afterEach } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Link, Route, Routes } from 'react-router-dom'
import { Toaster, toast, resetToasts } from '../toast'

function renderPages() {
  return render(
    <MemoryRouter initialEntries={['/a']}>
      <Routes>
        <Route path="/a" element={<Link to="/b">Next page</Link>} />
        <Route path="/b" element={<p>Page B</p>} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  )
}

describe('Toaster', () => {
  beforeEach(() => resetToasts())
  afterEach(() => vi.useRealTimers())

  it('a red toast does not follow the user to the next page; a green one does', async () => {
    renderPages()
    act(() => {
      toast.error('Could not save the card.')
      toast.success('Card added')
    })
    expect(screen.getByText('Could not save the card.')).toBeInTheDocument()
    const now = Date.now()
    vi.spyOn(Date, 'now').mockReturnValue(now + 1500)
    await userEvent.click(screen.getByRole('link', { name: 'Next page' }))
    expect(await screen.findByText('Page B')).toBeInTheDocument()
    expect(screen.queryByText('Could not save the card.')).toBeNull()
    expect(screen.getByText('Card added')).toBeInTheDocument()
    vi.restoreAllMocks()
  })

  it('keeps an error raised as the page changes (it is about the change)', async () => {
    renderPages()
    act(() => toast.error('Your session has ended. Please log in again.'))
    await userEvent.click(screen.getByRole('link', { name: 'Next page' }))
    expect(await screen.findByText('Page B')).toBeInTheDocument()
    expect(screen.getByText('Your session has ended. Please log in again.')).toBeInTheDocument()
  })
})
