import { CardSection } from '../../../components/card-section'
import { Loading, LoadError } from '../../../components/status'
import { useCreatorQuality } from '../api/quality'
import { QualityReading } from './quality-reading'

/**
 * CreatorQuality is the audience-quality card of a network creator's profile (brand roles, ADMIN): the
 * reading measured from the creator's connected accounts, its components and the spikes of the follower
 * chart with the creator's notes. An imported creator has none: "connect accounts for a verified reading".
 * @param {{id: string}} props
 */
export function CreatorQuality({ id }) {
  const { data, error, isLoading, mutate } = useCreatorQuality(id)
  return (
    <CardSection title="Audience quality" titleId="creator-quality">
      <p className="small text-secondary">
        Read every day from the accounts the creator connected, never estimated from public pages.
      </p>
      {error && error.status !== 404 && <LoadError error={error} onRetry={() => mutate()} />}
      {isLoading && <Loading label="Loading the reading…" />}
      {data && <QualityReading quality={data} />}
    </CardSection>
  )
}
