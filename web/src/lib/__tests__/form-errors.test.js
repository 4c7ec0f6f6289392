import { describe, it, expect, vi, afterEach } from 'vitest'
import { showServerError } from '../form-errors'
import { saveForm } from '../save-form'
import { ApiError } from '../request'
import { toast } from '../toast'

afterEach(() => vi.restoreAllMocks())

const helpers = () => ({ setErrors: vi.fn(), setTouched: vi.fn(), resetForm: vi.fn() })

describe('showServerError', () => {
  it("puts the server's field messages on the fields, marks them touched and toasts the message", () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(null)
    const h = helpers()
    showServerError(new ApiError({ status: 422, message: 'Check the form', fields: { email: 'Email is taken' } }), h, 'Could not save.')
    expect(h.setErrors).toHaveBeenCalledWith({ email: 'Email is taken' })
    expect(h.setTouched).toHaveBeenCalledWith({ email: true }, false)
    expect(error).toHaveBeenCalledWith('Check the form')
  })

  it('toasts the fallback for an error without a message, and touches no field', () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(null)
    const h = helpers()
    showServerError('offline', h, 'Could not save.')
    expect(h.setErrors).not.toHaveBeenCalled()
    expect(error).toHaveBeenCalledWith('Could not save.')
  })
})

describe('saveForm', () => {
  it('starts the form again from the values the server kept and toasts the message', async () => {
    const success = vi.spyOn(toast, 'success').mockReturnValue(null)
    const h = helpers()
    await saveForm(h, async () => ({ message: 'Saved', values: { name: 'Kept' } }), 'Could not save.')
    expect(h.resetForm).toHaveBeenCalledWith({ values: { name: 'Kept' } })
    expect(success).toHaveBeenCalledWith('Saved')
  })

  it('empties the form to its initial values when the answer has none', async () => {
    vi.spyOn(toast, 'success').mockReturnValue(null)
    const h = helpers()
    await saveForm(h, async () => ({ message: 'Invitation sent' }), 'Could not save.')
    expect(h.resetForm).toHaveBeenCalledWith(undefined)
  })

  it('leaves the form as it is on a refusal and shows it on the fields', async () => {
    const success = vi.spyOn(toast, 'success').mockReturnValue(null)
    const error = vi.spyOn(toast, 'error').mockReturnValue(null)
    const h = helpers()
    await saveForm(h, () => Promise.reject(new ApiError({ status: 422, message: 'Invalid', fields: { slug: 'Taken' } })), 'Could not save.')
    expect(h.resetForm).not.toHaveBeenCalled()
    expect(success).not.toHaveBeenCalled()
    expect(h.setErrors).toHaveBeenCalledWith({ slug: 'Taken' })
    expect(error).toHaveBeenCalledWith('Invalid')
  })
})
