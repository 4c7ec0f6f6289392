import { BrandKitConsent } from '../../features/media-kit/components/brand-consent'

/** The brand's "Media kits" page: the kits that show its campaigns and its consent to be named in them. */
export default function BrandKitsRoute() {
  return <BrandKitConsent />
}
