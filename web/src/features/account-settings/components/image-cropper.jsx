import { useState } from 'react'
import Cropper from 'react-easy-crop'
import 'react-easy-crop/react-easy-crop.css'
import { cropToSquare } from './crop-image'

/**
 * ImageCropper (lazily loaded: it brings react-easy-crop) shows the chosen
 * picture under a round square frame to drag (mouse, touch or arrow keys) and
 * zoom; 'Use Picture' resolves the framed square to a JPEG Blob for onDone.
 * @param {{src: string, onDone: (blob: Blob) => void, onCancel: () => void}} props
 */
export default function ImageCropper({ src, onDone, onCancel }) {
  const [crop, setCrop] = useState({ x: 0, y: 0 })
  const [zoom, setZoom] = useState(1)
  const [area, setArea] = useState(/** @type {import('react-easy-crop').Area | null} */ (null))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState(/** @type {string | null} */ (null))

  const apply = async () => {
    if (!area) return
    setBusy(true)
    setError(null)
    try {
      onDone(await cropToSquare(src, area))
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The picture could not be cropped.')
      setBusy(false)
    }
  }

  return (
    <div className="cc-cropper">
      <div className="cc-crop-area">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={1}
          cropShape="round"
          showGrid={false}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
          disableAutomaticStylesInjection
          cropperProps={{ role: 'group', 'aria-label': 'Crop area: drag the picture or use the arrow keys to move it' }}
        />
      </div>
      <label htmlFor="cc-crop-zoom" className="form-label small mt-2 mb-0">
        Zoom
      </label>
      <input
        id="cc-crop-zoom"
        type="range"
        className="form-range"
        min={1}
        max={3}
        step={0.05}
        value={zoom}
        onChange={(e) => setZoom(Number(e.target.value))}
      />
      {error && (
        <div className="text-danger small" role="alert">
          {error}
        </div>
      )}
      <div className="d-flex gap-2 mt-2">
        <button type="button" className="btn btn-primary btn-sm" onClick={apply} disabled={!area || busy}>
          {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          Use Picture
        </button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </div>
  )
}
