import { describe, it, expect, beforeEach, afterEach } from 'vitest'
import { installFakeXHR } from '../../../../test-utils'
import { uploadProfileImage } from '../upload-profile-image'

describe('uploadProfileImage', () => {
  let xhr
  beforeEach(() => {
    xhr = installFakeXHR()
  })
  afterEach(() => xhr.restore())

  it('sends the cropped blob as the JPEG file profile.jpg and resolves to the upload', async () => {
    const done = uploadProfileImage(new Blob(['jpeg'], { type: 'image/jpeg' }))
    const req = xhr.sent[0]
    expect(req.method).toBe('POST')
    expect(req.url).toBe('/api/files/upload')
    const file = req.body.get('file')
    expect(file.name).toBe('profile.jpg')
    expect(file.type).toBe('image/jpeg')
    req.respond(201, { data: { key: 'k1.jpg', url: '/api/files/k1.jpg?sig=x' } })
    expect((await done).key).toBe('k1.jpg')
  })

  it('rejects with the server message on the file field', async () => {
    const done = uploadProfileImage(new Blob(['x'], { type: 'image/jpeg' }))
    xhr.sent[0].respond(413, { fields: { file: 'File size must be less than 5MB.' } })
    await expect(done).rejects.toMatchObject({ status: 413, message: 'File size must be less than 5MB.' })
  })
})
