import { KitSettings } from '../../features/media-kit/components/kit-settings'

export default function MediaKitRoute() {
  return <KitSettings />
}
