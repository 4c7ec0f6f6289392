import { describe, it, expect, beforeEach, afterEach, vi } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderRoute, mockApi, installFakeXHR, expectUpload } from '../../../../test-utils'
import { CreatorImportUpload } from '../creator-import-upload'
import { RecentCreatorImports } from '../recent-creator-imports'

let sent
let fakeXHR

const csvFile = (name = 'roster.csv', size) => {
  const f = new File(['Name,Email\nAda,ada@example.com\n'], name, { type: 'text/csv' })
  if (size) Object.defineProperty(f, 'size', { value: size })
  return f
}

const job = (patch) => ({ id: 'j1', kind: 'creator_import', status: 'queued', progress: 0, total: 0, processed: 0, failed: 0, result: null, error: '', ...patch })

describe('CreatorImportUpload', () => {
  beforeEach(() => {
    fakeXHR = installFakeXHR()
    sent = fakeXHR.sent
    localStorage.setItem('access_token', 'tok')
  })
  afterEach(() => {
    fakeXHR.restore()
  })

  it('refuses other types and large files with the product messages', async () => {
    mockApi({})
    renderRoute(<CreatorImportUpload />, { path: '/roaster' })
    const input = screen.getByLabelText('Roster file')
    await userEvent.upload(input, new File(['x'], 'people.txt', { type: 'text/plain' }), { applyAccept: false })
    expect(screen.getByRole('alert')).toHaveTextContent(/^Please select a CSV, JSON, or Excel file\.$/)
    await userEvent.upload(input, new File(['x'], 'people.xls'), { applyAccept: false })
    expect(screen.getByText('Please select a CSV, JSON, or Excel file.')).toBeInTheDocument()
    await userEvent.upload(input, csvFile('big.csv', 10 * 1024 * 1024), { applyAccept: false })
    expect(screen.getByRole('alert')).toHaveTextContent(/^File size must be less than 10MB\.$/)
    expect(screen.getByRole('button', { name: 'Upload File' })).toBeDisabled()
    expect(sent).toHaveLength(0)
  })

  it('previews a dropped file (name, size, type) and removes it', async () => {
    mockApi({})
    renderRoute(<CreatorImportUpload />, { path: '/roaster' })
    fireEvent.drop(screen.getByRole('group', { name: 'Roster file drop zone' }), { dataTransfer: { files: [csvFile('team.json')] } })
    const preview = await screen.findByLabelText('Selected file')
    expect(within(preview).getByText('team.json')).toBeInTheDocument()
    expect(preview).toHaveTextContent('31 B · JSON')
    expect(screen.getByRole('button', { name: 'Upload File' })).toBeEnabled()
    await userEvent.click(screen.getByRole('button', { name: 'Remove team.json' }))
    expect(screen.queryByLabelText('Selected file')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Upload File' })).toBeDisabled()
  })

  it('uploads, follows the job to 100% and shows the counts and the row errors', async () => {
    const polls = [job({ status: 'running', progress: 50, total: 3, processed: 2 }), job({
      status: 'succeeded', progress: 100, total: 3, processed: 3, failed: 2,
      result: { rows: 3, imported: 1, failed: 2, created: 1, updated: 0, unchanged: 0, format: 'csv', ignoredColumns: ['Notes'] },
    })]
    const api = mockApi({
      'GET jobs/j1': () => [200, { data: { job: polls.length > 1 ? polls.shift() : polls[0] } }],
      'GET jobs/j1/errors?format=json&page=1&limit=50': () => [200, { data: { errors: [
        { row: 3, column: 'Email', message: 'Invalid email' },
        { row: 4, column: 'Name', message: 'Name is required, please' },
      ], total: 2, page: 1, limit: 50 } }],
    })
    const csv = 'row,column,message\n3,Email,Invalid email\n4,Name,"Name is required, please"\n'
    globalThis.fetch = vi.fn(async (url, init) =>
      String(url).endsWith('/errors') ? new Response(csv, { status: 200, headers: { 'Content-Type': 'text/csv' } }) : api(url, init),
    )
    URL.createObjectURL = vi.fn(() => 'blob:errors')
    URL.revokeObjectURL = vi.fn()
    const saved = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function () {
      saved.push({ href: this.getAttribute('href'), download: this.getAttribute('download') })
    })
    renderRoute(<CreatorImportUpload />, { path: '/roaster' })
    await userEvent.upload(screen.getByLabelText('Roster file'), csvFile())
    await userEvent.click(screen.getByRole('button', { name: 'Upload File' }))
    const xhr = sent[0]
    expectUpload(xhr, '/api/upload-creators', 'roster.csv')
    act(() => xhr.upload.onprogress({ lengthComputable: true, loaded: 50, total: 100 }))
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' })
    expect(bar).toHaveAttribute('aria-valuenow', '15')
    expect(screen.queryByRole('button', { name: 'Remove roster.csv' })).not.toBeInTheDocument()
    await act(async () => xhr.respond(202, { data: { job: job() } }))
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '65'))
    // Some rows failed: a warning with the counts, not "Upload completed successfully!".
    expect(await screen.findByText('Imported 1 of 3 rows; 2 have errors', {}, { timeout: 4000 })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveClass('alert-warning')
    expect(screen.queryByText('Upload completed successfully!')).not.toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '100')
    const stats = screen.getByRole('status')
    expect(within(stats).getByText('Imported').nextSibling).toHaveTextContent('1')
    expect(within(stats).getByText('Failed').nextSibling).toHaveTextContent('2')
    expect(within(stats).getByText(/Ignored columns: Notes/)).toBeInTheDocument()
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', 'Email', 'Invalid email'])
    expect(within(rows[2]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['4', 'Name', 'Name is required, please'])
    expect(screen.getByText('2 errors.')).toBeInTheDocument()
    // The page reads the JSON page of errors; the CSV is fetched (with the token) only for the download.
    expect(globalThis.fetch.mock.calls.some(([u]) => String(u).endsWith('/errors'))).toBe(false)
    const link = screen.getByRole('link', { name: 'Download errors (CSV)' })
    expect(link).toHaveAttribute('download', 'roster-errors-j1.csv')
    await userEvent.click(link)
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:errors', download: 'roster-errors-j1.csv' }]))
    const blob = URL.createObjectURL.mock.calls[0][0]
    const text = await new Promise((resolve) => {
      const reader = new FileReader()
      reader.onload = () => resolve(reader.result)
      reader.readAsText(blob)
    })
    expect(text).toBe(csv)
    const errorsCall = globalThis.fetch.mock.calls.find(([u]) => String(u).endsWith('/errors'))
    expect(errorsCall[1].headers.Authorization).toBe('Bearer tok')
    click.mockRestore()
    await userEvent.click(screen.getByRole('button', { name: 'Upload another file' }))
    expect(screen.getByRole('group', { name: 'Roster file drop zone' })).toBeInTheDocument()
  })

  it('shows the error of a failed job', async () => {
    mockApi({ 'GET jobs/j1': () => [200, { data: { job: job({ status: 'failed', error: 'The file has no header row.' }) } }] })
    renderRoute(<CreatorImportUpload />, { path: '/roaster' })
    await userEvent.upload(screen.getByLabelText('Roster file'), csvFile())
    await userEvent.click(screen.getByRole('button', { name: 'Upload File' }))
    await act(async () => sent[0].respond(202, { data: { job: job() } }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The file has no header row.')
    expect(screen.queryByText('Upload completed successfully!')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Upload File' })).toBeEnabled()
  })

  it('falls back to the product message when the network fails', async () => {
    mockApi({})
    renderRoute(<CreatorImportUpload />, { path: '/roaster' })
    await userEvent.upload(screen.getByLabelText('Roster file'), csvFile())
    await userEvent.click(screen.getByRole('button', { name: 'Upload File' }))
    await act(async () => sent[0].onerror())
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Upload failed\. Please try again\.$/)
    expect(screen.getByLabelText('Selected file')).toBeInTheDocument()
  })

  it('shows the server message of a refused file', async () => {
    mockApi({})
    renderRoute(<CreatorImportUpload />, { path: '/roaster' })
    await userEvent.upload(screen.getByLabelText('Roster file'), csvFile())
    await userEvent.click(screen.getByRole('button', { name: 'Upload File' }))
    const msg = 'Please select a CSV, JSON, or Excel file.'
    await act(async () => sent[0].respond(400, { message: msg, error_code: 'invalid', fields: { file: msg } }))
    expect(await screen.findByRole('alert')).toHaveTextContent(msg)
  })

  it('refreshes once on a 401 and retries the upload', async () => {
    localStorage.setItem('refresh_token', 'r1')
    mockApi({ 'POST users/refresh-token': () => [200, { data: { accessToken: 'tok2', refreshToken: 'r2' } }] })
    renderRoute(<CreatorImportUpload />, { path: '/roaster' })
    await userEvent.upload(screen.getByLabelText('Roster file'), csvFile())
    await userEvent.click(screen.getByRole('button', { name: 'Upload File' }))
    await act(async () => sent[0].respond(401, { message: 'expired' }))
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(sent[1].headers.Authorization).toBe('Bearer tok2')
  })
})

describe('RecentCreatorImports', () => {
  it('lists recent imports with their status', async () => {
    mockApi({
      'GET jobs?kind=creator_import&limit=10': () => [200, { data: { jobs: [
        job({ id: 'a', status: 'succeeded', createdAt: '2026-11-20T10:00:00Z', result: { rows: 1200, imported: 1190, failed: 10, format: 'csv' } }),
        job({ id: 'b', status: 'failed', error: 'bad file', createdAt: '2026-11-19T10:00:00Z' }),
      ], total: 2, page: 1, limit: 10 } }],
    })
    renderRoute(<RecentCreatorImports />, { path: '/roaster' })
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(within(rows[1]).getByText('Succeeded')).toBeInTheDocument()
    expect(within(rows[1]).getByText('1,190')).toBeInTheDocument()
    expect(within(rows[2]).getByText('Failed')).toHaveAttribute('title', 'bad file')
  })

  it('says when there are no imports', async () => {
    mockApi({ 'GET jobs?kind=creator_import&limit=10': () => [200, { data: { jobs: [], total: 0, page: 1, limit: 10 } }] })
    renderRoute(<RecentCreatorImports />, { path: '/roaster' })
    expect(await screen.findByText(/No imports yet/)).toBeInTheDocument()
  })
})
