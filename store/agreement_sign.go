package store

import (
	"context"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
)

// OTPAgreementSignature is the purpose of the code mailed to sign an agreement.
const OTPAgreementSignature OTPPurpose = "agreement_signature"

// Sides that sign an agreement version.
const (
	SignBrand    = "brand"
	SignCreator  = "creator"
	SignGuardian = "guardian"
)

// RoleGuardian is the role a guardian's signature records (a guardian has no account).
const RoleGuardian = "GUARDIAN"

// GuardianLinkTTL is how long a guardian's signing link works.
const GuardianLinkTTL = 7 * 24 * time.Hour

// Signing's messages.
const (
	MsgAgreementChanged      = "This offer changed; review the new terms"
	MsgAgreementSignedAgain  = "You have already signed this version"
	MsgAgreementSignToAccept = "Sign the agreement to accept this offer"
	MsgAgreementNotOpen      = "This offer is not open for signing"
	MsgAgreementConsent      = "Agree to sign electronically to continue"
	MsgAgreementFullName     = "Type your full name (at most 200 characters)"
	MsgAgreementMinorOnly    = "Only the creator declares being under 18"
	MsgGuardianName          = "Enter your parent's or guardian's full name (at most 200 characters)"
	MsgGuardianEmail         = "Enter your parent's or guardian's e-mail address"
	MsgGuardianLink          = "This signing link is invalid or has expired"
)

var acceptedState = OfferAccepted

// maxSignerName is the longest typed full name.
const maxSignerName = 200

// AgreementSignInput is what a signer sends: the version read, the typed
// name, the mailed code and the consent; a creator under 18 names a guardian.
type AgreementSignInput struct {
	VersionID         string `json:"versionId"`
	FullName          string `json:"fullName"`
	Code              string `json:"code"`
	Consent           bool   `json:"consent"`
	ConfirmOverBudget bool   `json:"confirmOverBudget"`
	Minor             bool   `json:"minor"`
	Guardian          *struct {
		Name  string `json:"name"`
		Email string `json:"email"`
	} `json:"guardian"`
}

// AgreementSignature is one signature as the parties see it.
type AgreementSignature struct {
	VersionID string    `db:"version_id" json:"versionId"`
	Side      string    `db:"side" json:"side"`
	Name      string    `db:"full_name" json:"name"`
	Role      string    `db:"role" json:"role"`
	SignedAt  time.Time `db:"signed_at" json:"signedAt"`
	UserID    *string   `db:"user_id" json:"-"`
	Minor     bool      `db:"minor" json:"-"`
	SHA256    []byte    `db:"text_sha256" json:"-"`
}

// AgreementTasks makes the outbox tasks signing queues (the jobs package
// builds them): the signed PDF of a fully signed version, the guardian's
// link mail (its key is the request id the worker looks the link up by) and
// the offer mail of the move to accepted.
type AgreementTasks struct {
	PDF      func(entryID, versionID string, signedAt time.Time, sigs []AgreementSignature) Task
	Guardian func() Task
	Mail     OfferMailer
}

// AgreementView is an offer's agreement as a party sees it.
type AgreementView struct {
	OfferID          string                 `json:"offerId"`
	OfferStatus      string                 `json:"offerStatus"`
	CurrentVersionID *string                `json:"currentVersionId"`
	Versions         []AgreementVersionView `json:"versions"`
	Signatures       []AgreementSignature   `json:"signatures"`
	Required         []string               `json:"required"`
	Missing          []string               `json:"missing"`
	Guardian         *AgreementGuardianView `json:"guardian"`
	PDFReady         bool                   `json:"pdfReady"`
	CanSign          bool                   `json:"canSign"`
}

// AgreementVersionView is one version with who made it and what changed.
type AgreementVersionView struct {
	ID              string           `json:"id"`
	Number          int              `json:"number"`
	TemplateVersion string           `json:"templateVersion"`
	CreatedAt       time.Time        `json:"createdAt"`
	CreatedBy       AgreementAuthor  `json:"createdBy"`
	Terms           AgreementTerms   `json:"terms"`
	Lines           []AgreementLine  `json:"lines"`
	TotalCents      int64            `json:"totalCents"`
	Changes         []LabelledChange `json:"changes"`
	Text            string           `json:"text"`
	TextSHA256      string           `json:"textSha256"`
}

// AgreementAuthor is who made a version: a name and a side.
type AgreementAuthor struct {
	Name string `json:"name"`
	Side string `json:"side"`
}

// LabelledChange is a TermChange with the field's name for people.
type LabelledChange struct {
	Field string `json:"field"`
	Label string `json:"label"`
	Old   string `json:"old"`
	New   string `json:"new"`
}

// AgreementGuardianView is the guardian's invitation for the current version.
type AgreementGuardianView struct {
	Name      string     `json:"name"`
	Status    string     `json:"status"`
	ExpiresAt *time.Time `json:"expiresAt"`
}

var termLabels = map[string]string{
	"brandName": "Brand", "brandSigner": "Brand signer", "creatorName": "Creator", "platform": "Platform",
	"posts": "Posts", "trackingTag": "Tracking tag", "startDate": "Start date", "endDate": "End date",
	"amount": "Amount", "currency": "Currency", "exclusivity": "Exclusivity", "contentUsage": "Usage rights",
	"paymentTerms": "Payment terms", "clauses": "Brand clauses",
	"addOn.30_days": "Paid usage for 30 days (add-on)", "addOn.unlimited": "Unlimited paid usage (add-on)", "total": "Total",
}

// agreementParty is viewer's side on offer entryID: creator (the linked
// USER, once sent), brand (any member of the campaign's brand) or admin.
// ENOTFOUND for anyone else or an unknown offer.
func agreementParty(ctx context.Context, q sqlx.QueryerContext, viewer *User, entryID string) (string, error) {
	if !isUUID(entryID) {
		return "", Errorf(ENOTFOUND, MsgOfferNotFound)
	}
	brandID := viewer.BrandID.String
	if brandID == "" && viewer.Brand != nil {
		brandID = viewer.Brand.ID
	}
	var ok bool
	err := sqlx.GetContext(ctx, q, &ok, `SELECT EXISTS (SELECT 1 FROM roster_entries e JOIN campaigns k ON k.id = e.campaign_id
		WHERE e.id = $1 AND k.status <> 'deleted' AND (
			$2 = 'ADMIN'
			OR ($2 = 'USER' AND e.offer_status <> 'draft' AND e.creator_id = (SELECT id FROM creators WHERE user_id = $3))
			OR ($2 LIKE 'BRAND\_%' AND k.brand_id::text = $4)))`, entryID, viewer.Role, viewer.ID, brandID)
	if err != nil {
		return "", fmt.Errorf("offer scope: %w", err)
	}
	if !ok {
		return "", Errorf(ENOTFOUND, MsgOfferNotFound)
	}
	switch {
	case viewer.Role == RoleUser:
		return SignCreator, nil
	case viewer.IsBrand():
		return SignBrand, nil
	}
	return SideAdmin, nil
}

// signerSide is the side actor signs for: creator (USER), brand (BRAND_ADMIN,
// BRAND_MANAGER). BRAND_VIEWER and ADMIN never sign (EFORBIDDEN).
func signerSide(actor *User) (string, error) {
	switch actor.Role {
	case RoleUser:
		return SignCreator, nil
	case RoleBrandAdmin, RoleBrandManager:
		return SignBrand, nil
	}
	return "", Errorf(EFORBIDDEN, "You don't have permission to do this")
}

// Agreement is offer entryID's agreement as viewer sees it (agreementParty's scope).
func (s *DB) Agreement(ctx context.Context, viewer *User, entryID string) (*AgreementView, error) {
	if _, err := agreementParty(ctx, s.db, viewer, entryID); err != nil {
		return nil, err
	}
	side, _ := signerSide(viewer) // "" for those who never sign
	return s.agreementView(ctx, s.db, side, entryID)
}

// versionRow is an agreement version with its author's name and role.
type versionRow struct {
	AgreementVersion
	AuthorName sql.NullString `db:"author_name"`
	AuthorRole sql.NullString `db:"author_role"`
}

func (s *DB) agreementView(ctx context.Context, q sqlx.QueryerContext, side, entryID string) (*AgreementView, error) {
	v := &AgreementView{OfferID: entryID, Versions: []AgreementVersionView{}, Signatures: []AgreementSignature{},
		Required: []string{}, Missing: []string{}}
	// The offer's status with its last version's guardian and PDF, in one round trip.
	var g struct {
		Status    string         `db:"offer_status"`
		Name      sql.NullString `db:"name"`
		ExpiresAt sql.NullTime   `db:"expires_at"`
		SignedAt  sql.NullTime   `db:"signed_at"`
		PDF       bool           `db:"pdf"`
	}
	if err := sqlx.GetContext(ctx, q, &g, `SELECT e.offer_status, g.name, g.expires_at, g.signed_at,
			EXISTS (SELECT 1 FROM agreement_pdfs p WHERE p.version_id = lv.id) AS pdf
		FROM roster_entries e
		LEFT JOIN LATERAL (SELECT id FROM agreement_versions WHERE entry_id = e.id ORDER BY version DESC LIMIT 1) lv ON true
		LEFT JOIN agreement_guardians g ON g.version_id = lv.id WHERE e.id = $1`, entryID); err != nil {
		return nil, translate(err, MsgOfferNotFound)
	}
	v.OfferStatus, v.PDFReady = g.Status, g.PDF
	var rows []versionRow
	err := sqlx.SelectContext(ctx, q, &rows, `SELECT v.id, v.entry_id, v.version, v.template_version, v.terms, v.canonical_text,
		v.sha256, v.created_by, v.created_at, u.name AS author_name, u.role AS author_role
		FROM agreement_versions v LEFT JOIN users u ON u.id = v.created_by WHERE v.entry_id = $1 ORDER BY v.version`, entryID)
	if err != nil {
		return nil, fmt.Errorf("agreement versions: %w", err)
	}
	var prev *AgreementTerms
	for i := range rows {
		r := &rows[i]
		if err := json.Unmarshal(r.TermsJSON, &r.Terms); err != nil {
			return nil, fmt.Errorf("agreement terms: %w", err)
		}
		vv := AgreementVersionView{ID: r.ID, Number: r.Version, TemplateVersion: r.TemplateVersion, CreatedAt: r.CreatedAt.UTC(),
			CreatedBy: AgreementAuthor{Name: r.AuthorName.String, Side: authorSide(r.AuthorRole.String)}, Terms: r.Terms,
			Lines: r.Terms.Lines(), TotalCents: r.Terms.TotalCents(),
			Changes: []LabelledChange{}, Text: r.CanonicalText, TextSHA256: hex.EncodeToString(r.SHA256)}
		if prev != nil {
			for _, c := range DiffAgreementTerms(*prev, r.Terms) {
				vv.Changes = append(vv.Changes, LabelledChange{Field: c.Field, Label: termLabels[c.Field], Old: c.Old, New: c.New})
			}
		}
		prev = &r.Terms
		v.Versions = append(v.Versions, vv)
	}
	err = sqlx.SelectContext(ctx, q, &v.Signatures, `SELECT version_id, side, full_name, role, signed_at, user_id, minor, text_sha256
		FROM agreement_signatures WHERE entry_id = $1 ORDER BY signed_at, id`, entryID)
	if err != nil {
		return nil, fmt.Errorf("agreement signatures: %w", err)
	}
	for i := range v.Signatures {
		v.Signatures[i].SignedAt = v.Signatures[i].SignedAt.UTC()
	}
	if len(v.Versions) == 0 {
		return v, nil
	}
	cur := v.Versions[len(v.Versions)-1].ID
	v.CurrentVersionID = &cur
	v.Required, v.Missing = signaturesNeeded(v.Signatures, cur)
	if g.Name.Valid {
		v.Guardian = &AgreementGuardianView{Name: g.Name.String, Status: "pending"}
		if g.SignedAt.Valid {
			v.Guardian.Status = "signed"
		}
		if g.ExpiresAt.Valid {
			t := g.ExpiresAt.Time.UTC()
			v.Guardian.ExpiresAt = &t
		}
	}
	v.CanSign = (side == SignBrand || side == SignCreator) && slices.Contains(v.Missing, side) &&
		(v.OfferStatus == OfferSent || v.OfferStatus == OfferCountered)
	return v, nil
}

// signaturesNeeded is the sides version needs (brand, creator, and a
// guardian when the creator declared being under 18) and those not signed yet.
func signaturesNeeded(sigs []AgreementSignature, version string) (required, missing []string) {
	required = []string{SignBrand, SignCreator}
	signed := map[string]bool{}
	for _, sg := range sigs {
		if sg.VersionID != version {
			continue
		}
		signed[sg.Side] = true
		if sg.Side == SignCreator && sg.Minor {
			required = append(required, SignGuardian)
		}
	}
	missing = []string{}
	for _, sd := range required {
		if !signed[sd] {
			missing = append(missing, sd)
		}
	}
	return required, missing
}

func authorSide(role string) string {
	switch {
	case role == RoleUser:
		return SignCreator
	case strings.HasPrefix(role, "BRAND_"):
		return SignBrand
	case role == RoleAdmin:
		return SideAdmin
	}
	return SideSystem
}

// MaskEmail shows an address as "an***@example.com".
func MaskEmail(email string) string {
	at := strings.LastIndexByte(email, '@')
	if at < 0 {
		return "***"
	}
	local := []rune(email[:at])
	keep := 2
	if len(local) <= 2 {
		keep = 1
	}
	if len(local) < keep {
		keep = len(local)
	}
	return string(local[:keep]) + "***" + email[at:]
}

// signableOffer locks offer entryID for a signature by side: its status and
// campaign, ENOTFOUND unless actor is a party, ECONFLICT unless the offer is
// sent or countered (and not past its deadline).
type signableOffer struct {
	Status     string     `db:"offer_status"`
	CampaignID string     `db:"campaign_id"`
	SentAt     *time.Time `db:"offer_sent_at"`
	Campaign   string     `db:"campaign_status"`
}

func (s *DB) lockSignable(ctx context.Context, tx *sqlx.Tx, actor *User, entryID string) (*signableOffer, error) {
	if _, err := agreementParty(ctx, tx, actor, entryID); err != nil {
		return nil, err
	}
	var o signableOffer
	err := tx.GetContext(ctx, &o, `SELECT e.offer_status, e.campaign_id, e.offer_sent_at, k.status AS campaign_status
		FROM roster_entries e JOIN campaigns k ON k.id = e.campaign_id WHERE e.id = $1 FOR UPDATE OF e`, entryID)
	if err != nil {
		return nil, translate(err, MsgOfferNotFound)
	}
	return &o, s.checkSignable(&o)
}

func (s *DB) checkSignable(o *signableOffer) error {
	switch {
	case o.Status != OfferSent && o.Status != OfferCountered:
		return Errorf(ECONFLICT, MsgAgreementNotOpen)
	case o.Campaign == CampaignCompleted:
		return Errorf(ECONFLICT, MsgOfferCampaignDone)
	case o.Status == OfferSent && o.SentAt != nil && !s.now().Before(o.SentAt.Add(s.offerTTL())):
		return Errorf(ECONFLICT, MsgOfferPastDeadline)
	}
	return nil
}

func auditActor(actor *User, meta RequestMeta, action, entryID string, after map[string]any) *AuditEvent {
	ev := &AuditEvent{Action: action, Subject: "offer:" + entryID, IP: meta.IP, UserAgent: meta.UserAgent}
	if actor != nil {
		ev.ActorRole = actor.Role
		if actor.ID != "" {
			ev.ActorID = &actor.ID
		}
	}
	ev.After, _ = json.Marshal(after)
	return ev
}

// RequestAgreementCode mails actor (the offer's creator or a BRAND_ADMIN or
// BRAND_MANAGER of its brand) a code to sign offer entryID's current version;
// it returns the masked address. task is the code's mail (jobs.NewSendOTPTask).
// Within the resend cooldown nothing new is mailed and the answer is the same.
// EFORBIDDEN for other roles, ENOTFOUND for another's offer, ECONFLICT for an
// offer not open for signing or a version the actor signed already.
func (s *DB) RequestAgreementCode(ctx context.Context, actor *User, entryID string, task Task, meta RequestMeta) (string, error) {
	side, err := signerSide(actor)
	if err != nil {
		return "", err
	}
	err = s.inTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := s.lockSignable(ctx, tx, actor, entryID); err != nil {
			return err
		}
		v, err := lastAgreementVersion(tx, entryID)
		if err != nil {
			return err
		}
		if v == nil {
			return Errorf(ECONFLICT, MsgAgreementNotOpen)
		}
		// The version's signatures, read once: the second-signature check, and
		// (with this one added) whether every required side has signed.
		sigs, err := versionSignatures(tx, v.ID)
		if err != nil {
			return err
		}
		if slices.ContainsFunc(sigs, func(sg AgreementSignature) bool { return sg.Side == side }) {
			return Errorf(ECONFLICT, MsgAgreementSignedAgain)
		}
		// The resend cooldown holds per version: a code asked for this version within it is not mailed again, but
		// a new version (a counter, a new amount) or another offer gets its code at once.
		var recent bool
		if err := tx.Get(&recent, `SELECT EXISTS (SELECT 1 FROM audit_events WHERE subject = $1 AND action = 'agreement.code_sent'
			AND actor_id = $2 AND after->>'version' = $3 AND at > $4)`, "offer:"+entryID, actor.ID, strconv.Itoa(v.Version),
			s.now().Add(-OTPResendCooldown)); err != nil {
			return fmt.Errorf("find recent signing code: %w", err)
		}
		cooldown := time.Duration(0)
		if recent {
			cooldown = OTPResendCooldown
		}
		if err := s.requestOTPAfter(tx, actor.ID, OTPAgreementSignature, task, cooldown); err != nil {
			return err
		}
		var current string
		if err := tx.Get(&current, `SELECT request_id::text FROM one_time_codes WHERE user_id = $1 AND purpose = $2`, actor.ID, OTPAgreementSignature); err != nil {
			return fmt.Errorf("find code request: %w", err)
		}
		if current != task.Key {
			return nil // within the cooldown: nothing mailed
		}
		return s.appendAudit(tx, auditActor(actor, meta, "agreement.code_sent", entryID, map[string]any{"version": v.Version}))
	})
	if err != nil {
		return "", err
	}
	return MaskEmail(actor.Email), nil
}

// SignAgreement records actor's signature of offer entryID's current
// version (see AgreementSignInput) and answers the agreement. The last
// required signature moves the offer to accepted in the same transaction
// (history, payout, mail) and queues the signed PDF. A creator declaring
// being under 18 names a guardian, who is mailed a signing link. Errors:
// EFORBIDDEN for BRAND_VIEWER and ADMIN, ENOTFOUND for another's offer,
// EINVALID for missing consent, name or guardian and for a wrong or expired
// code (the one-time code's message; the attempt counts), ECONFLICT for an
// old version (MsgAgreementChanged), a second signature, an offer not open
// for signing and a brand signature that leaves the campaign over its budget
// unconfirmed (the brand's signature commits its money).
func (s *DB) SignAgreement(ctx context.Context, actor *User, entryID string, in AgreementSignInput, meta RequestMeta, tasks AgreementTasks) (*AgreementView, error) {
	side, err := signerSide(actor)
	if err != nil {
		return nil, err
	}
	in.FullName = strings.TrimSpace(in.FullName)
	in.Code = strings.TrimSpace(in.Code)
	fe := FieldErrors{}
	if in.FullName == "" || len([]rune(in.FullName)) > maxSignerName {
		fe.add("fullName", MsgAgreementFullName)
	}
	if !in.Consent {
		fe.add("consent", MsgAgreementConsent)
	}
	checkCode(fe, "code", in.Code, MsgOTPRequired, MsgOTPDigits)
	var guardianName, guardianEmail string
	if in.Minor {
		if side != SignCreator {
			fe.add("minor", MsgAgreementMinorOnly)
		} else {
			if in.Guardian != nil {
				guardianName, guardianEmail = strings.TrimSpace(in.Guardian.Name), NormalizeEmail(in.Guardian.Email)
			}
			if guardianName == "" || len([]rune(guardianName)) > maxSignerName {
				fe.add("guardian.name", MsgGuardianName)
			}
			if guardianEmail == "" || len(guardianEmail) > 254 || !validEmail(guardianEmail) {
				fe.add("guardian.email", MsgGuardianEmail)
			}
		}
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	var codeErr error
	var view *AgreementView
	err = s.inTx(ctx, func(tx *sqlx.Tx) error {
		o, err := s.lockSignable(ctx, tx, actor, entryID)
		if err != nil {
			return err
		}
		v, err := lastAgreementVersion(tx, entryID)
		if err != nil {
			return err
		}
		if v == nil || v.ID != in.VersionID {
			return Errorf(ECONFLICT, MsgAgreementChanged)
		}
		// The version's signatures, read once: the second-signature check, and
		// (with this one added) whether every required side has signed.
		sigs, err := versionSignatures(tx, v.ID)
		if err != nil {
			return err
		}
		if slices.ContainsFunc(sigs, func(sg AgreementSignature) bool { return sg.Side == side }) {
			return Errorf(ECONFLICT, MsgAgreementSignedAgain)
		}
		if codeErr = s.checkSigningCode(tx, actor, in.Code); codeErr != nil {
			if ErrorCode(codeErr) == EINTERNAL {
				return codeErr
			}
			return nil // commit the counted attempt
		}
		now := s.now().UTC().Truncate(time.Microsecond)
		if _, err := tx.Exec(`INSERT INTO agreement_signatures (entry_id, version_id, side, user_id, role, full_name, signed_at, ip, user_agent, text_sha256, minor)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
			entryID, v.ID, side, actor.ID, actor.Role, in.FullName, now, meta.IP, meta.UserAgent, v.SHA256, in.Minor); err != nil {
			return fmt.Errorf("save signature: %w", err)
		}
		actorID := actor.ID
		sigs = append(sigs, AgreementSignature{VersionID: v.ID, Side: side, Name: in.FullName, Role: actor.Role, SignedAt: now,
			UserID: &actorID, Minor: in.Minor, SHA256: v.SHA256})
		if err := s.appendAudit(tx, auditActor(actor, meta, "agreement.signed", entryID, map[string]any{"version": v.Version,
			"side": side, "name": in.FullName, "sha256": hex.EncodeToString(v.SHA256)})); err != nil {
			return err
		}
		if in.Minor {
			if err := s.inviteGuardian(tx, actor, meta, entryID, v, guardianName, guardianEmail, tasks); err != nil {
				return err
			}
		}
		if side == SignBrand { // the brand's signature commits its money
			if err := checkBudget(ctx, tx, OfferUpdate{CampaignID: o.CampaignID, ConfirmOverBudget: in.ConfirmOverBudget,
				Entries: []OfferChange{{EntryID: entryID, Status: &acceptedState}}}); err != nil {
				return err
			}
		}
		if err := s.acceptIfSigned(ctx, tx, actor.ID, side, entryID, o, v, sigs, meta, tasks); err != nil {
			return err
		}
		// The answer is the view as this transaction leaves it: no re-read after the commit.
		view, err = s.agreementView(ctx, tx, side, entryID)
		return err
	})
	if err != nil {
		return nil, err
	}
	if codeErr != nil {
		return nil, codeErr
	}
	return view, nil
}

// versionSignatures reads version versionID's signatures, oldest first.
func versionSignatures(tx *sqlx.Tx, versionID string) ([]AgreementSignature, error) {
	var sigs []AgreementSignature
	if err := tx.Select(&sigs, `SELECT version_id, side, full_name, role, signed_at, user_id, minor, text_sha256
		FROM agreement_signatures WHERE version_id = $1 ORDER BY signed_at, id`, versionID); err != nil {
		return nil, fmt.Errorf("read signatures: %w", err)
	}
	return sigs, nil
}

// checkSigningCode checks actor's signing code inside tx, consuming it when
// right; a wrong one counts against the code and the address's daily cap.
func (s *DB) checkSigningCode(tx *sqlx.Tx, actor *User, code string) error {
	email := NormalizeEmail(actor.Email)
	if err := s.otpLocked(tx, email); err != nil {
		return err
	}
	err := s.checkOTP(tx, actor.ID, OTPAgreementSignature, code, true)
	if err == nil || ErrorCode(err) == EINTERNAL {
		return err
	}
	if cerr := s.countOTPFailure(tx, email, actor.ID); cerr != nil {
		return cerr
	}
	return err
}

// inviteGuardian records the guardian's signing link request for version v
// and queues its mail; the worker makes the token (IssueGuardianLink).
func (s *DB) inviteGuardian(tx *sqlx.Tx, actor *User, meta RequestMeta, entryID string, v *AgreementVersion, name, email string, tasks AgreementTasks) error {
	if tasks.Guardian == nil {
		return errors.New("guardian mail task missing")
	}
	task := tasks.Guardian()
	if _, err := tx.Exec(`INSERT INTO agreement_guardians (entry_id, version_id, name, email, invited_by, request_id, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, entryID, v.ID, name, email, actor.ID, task.Key, s.now()); err != nil {
		return fmt.Errorf("save guardian: %w", err)
	}
	if err := insertTask(tx, task); err != nil {
		return err
	}
	return s.appendAudit(tx, auditActor(actor, meta, "agreement.guardian_invited", entryID, map[string]any{"version": v.Version, "name": name}))
}

// acceptIfSigned moves the offer to accepted when version v has every
// required signature (sigs, v's signatures including the one just made): through applyOffer (history, payout, mail) as a
// signed move, then the signed PDF's task and the audit
// event. Otherwise the offer keeps its state.
func (s *DB) acceptIfSigned(ctx context.Context, tx *sqlx.Tx, actorID, side, entryID string, o *signableOffer, v *AgreementVersion, sigs []AgreementSignature, meta RequestMeta, tasks AgreementTasks) error {
	if _, missing := signaturesNeeded(sigs, v.ID); len(missing) > 0 {
		return nil
	}
	moveSide := side
	if side == SignGuardian {
		moveSide = SideCreator // the guardian signs on the creator's behalf
	}
	to := OfferAccepted
	m := offerMove{actorID: actorID, side: moveSide, change: OfferChange{EntryID: entryID, Status: &to}, mail: tasks.Mail,
		scope: `e.campaign_id = $2`, scopeArg: o.CampaignID, signed: true}
	if err := s.applyOffer(ctx, tx, m); err != nil {
		return unprefix(err)
	}
	signedAt := sigs[len(sigs)-1].SignedAt
	if tasks.PDF != nil {
		if err := insertTask(tx, tasks.PDF(entryID, v.ID, signedAt, sigs)); err != nil {
			return err
		}
	}
	ev := &AuditEvent{Action: "agreement.accepted", Subject: "offer:" + entryID, ActorRole: "system", IP: meta.IP, UserAgent: meta.UserAgent}
	ev.After, _ = json.Marshal(map[string]any{"version": v.Version, "sha256": hex.EncodeToString(v.SHA256)})
	return s.appendAudit(tx, ev)
}

// GuardianLinkMail is what the worker needs to mail a guardian's link.
type GuardianLinkMail struct {
	Email, Name, CreatorName, BrandName, CampaignName string
	Token                                             string
	ExpiresAt                                         time.Time
}

// IssueGuardianLink makes the link token of guardian request requestID,
// stores its hash and the link's expiry (GuardianLinkTTL) and returns the
// mail to send; (nil, nil) when there is nothing to send (mailed already,
// signed, or the request is gone).
func (s *DB) IssueGuardianLink(ctx context.Context, requestID string) (*GuardianLinkMail, error) {
	if !isUUID(requestID) {
		return nil, nil
	}
	var m GuardianLinkMail
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		err := tx.QueryRowx(`SELECT g.email, g.name, cr.name, b.name, k.name FROM agreement_guardians g
			JOIN roster_entries e ON e.id = g.entry_id JOIN creators cr ON cr.id = e.creator_id
			JOIN campaigns k ON k.id = e.campaign_id JOIN brands b ON b.id = k.brand_id
			WHERE g.request_id = $1 AND g.sent_at IS NULL AND g.signed_at IS NULL FOR UPDATE OF g`, requestID).
			Scan(&m.Email, &m.Name, &m.CreatorName, &m.BrandName, &m.CampaignName)
		if err != nil {
			return err
		}
		m.Token = newToken()
		m.ExpiresAt = s.now().Add(GuardianLinkTTL).UTC()
		_, err = tx.Exec(`UPDATE agreement_guardians SET token_hash = $2, expires_at = $3 WHERE request_id = $1`,
			requestID, hashToken(m.Token), m.ExpiresAt)
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("issue guardian link: %w", err)
	}
	return &m, nil
}

// MarkGuardianLinkSent records that the guardian's mail went out.
func (s *DB) MarkGuardianLinkSent(ctx context.Context, requestID string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE agreement_guardians SET sent_at = $2 WHERE request_id = $1`, requestID, s.now())
	return err
}

// GuardianAgreement is what a guardian reads before signing.
type GuardianAgreement struct {
	OfferID       string         `json:"offerId"`
	CreatorName   string         `json:"creatorName"`
	BrandName     string         `json:"brandName"`
	VersionNumber int            `json:"versionNumber"`
	Text          string         `json:"text"`
	Terms         AgreementTerms `json:"terms"`
}

type guardianRow struct {
	ID        string       `db:"id"`
	EntryID   string       `db:"entry_id"`
	VersionID string       `db:"version_id"`
	Name      string       `db:"name"`
	ExpiresAt sql.NullTime `db:"expires_at"`
}

// findGuardian looks a live (unused, unexpired) link token up; ENOTFOUND
// MsgGuardianLink otherwise.
func (s *DB) findGuardian(ctx context.Context, q sqlx.QueryerContext, token string, lock bool) (*guardianRow, error) {
	token = strings.TrimSpace(token)
	if token == "" {
		return nil, Errorf(ENOTFOUND, MsgGuardianLink)
	}
	query := `SELECT id, entry_id, version_id, name, expires_at FROM agreement_guardians WHERE token_hash = $1 AND signed_at IS NULL`
	if lock {
		query += ` FOR UPDATE`
	}
	var g guardianRow
	err := sqlx.GetContext(ctx, q, &g, query, hashToken(token))
	if errors.Is(err, sql.ErrNoRows) || (err == nil && (!g.ExpiresAt.Valid || !s.now().Before(g.ExpiresAt.Time))) {
		return nil, Errorf(ENOTFOUND, MsgGuardianLink)
	}
	if err != nil {
		return nil, fmt.Errorf("find guardian link: %w", err)
	}
	return &g, nil
}

// GuardianAgreementOf is the agreement behind a guardian's link.
func (s *DB) GuardianAgreementOf(ctx context.Context, token string) (*GuardianAgreement, error) {
	g, err := s.findGuardian(ctx, s.db, token, false)
	if err != nil {
		return nil, err
	}
	var out GuardianAgreement
	var v AgreementVersion
	err = s.db.GetContext(ctx, &v, `SELECT `+agreementVersionCols+` FROM agreement_versions WHERE id = $1`, g.VersionID)
	if err != nil {
		return nil, fmt.Errorf("guardian version: %w", err)
	}
	if err := json.Unmarshal(v.TermsJSON, &out.Terms); err != nil {
		return nil, fmt.Errorf("agreement terms: %w", err)
	}
	out.OfferID, out.VersionNumber, out.Text = g.EntryID, v.Version, v.CanonicalText
	out.CreatorName, out.BrandName = out.Terms.CreatorName, out.Terms.BrandName
	return &out, nil
}

// SignAsGuardian records the guardian's signature behind a link token (used
// up by it): ENOTFOUND MsgGuardianLink for an unknown, used or expired link,
// EINVALID for a missing name or consent, ECONFLICT MsgAgreementChanged when
// the version is no longer the offer's current one. The last required
// signature accepts the offer (see SignAgreement).
func (s *DB) SignAsGuardian(ctx context.Context, token, fullName string, consent bool, meta RequestMeta, tasks AgreementTasks) error {
	fullName = strings.TrimSpace(fullName)
	fe := FieldErrors{}
	if fullName == "" || len([]rune(fullName)) > maxSignerName {
		fe.add("fullName", MsgAgreementFullName)
	}
	if !consent {
		fe.add("consent", MsgAgreementConsent)
	}
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		g, err := s.findGuardian(ctx, tx, token, true)
		if err != nil {
			return err
		}
		if err := fe.Err(); err != nil {
			return err
		}
		var o signableOffer
		if err := tx.GetContext(ctx, &o, `SELECT e.offer_status, e.campaign_id, e.offer_sent_at, k.status AS campaign_status
			FROM roster_entries e JOIN campaigns k ON k.id = e.campaign_id WHERE e.id = $1 FOR UPDATE OF e`, g.EntryID); err != nil {
			return translate(err, MsgGuardianLink)
		}
		v, err := lastAgreementVersion(tx, g.EntryID)
		if err != nil {
			return err
		}
		if v == nil || v.ID != g.VersionID {
			return Errorf(ECONFLICT, MsgAgreementChanged)
		}
		if err := s.checkSignable(&o); err != nil {
			return err
		}
		now := s.now().UTC().Truncate(time.Microsecond)
		if _, err := tx.Exec(`UPDATE agreement_guardians SET signed_at = $2, token_hash = NULL WHERE id = $1`, g.ID, now); err != nil {
			return fmt.Errorf("use guardian link: %w", err)
		}
		if _, err := tx.Exec(`INSERT INTO agreement_signatures (entry_id, version_id, side, role, full_name, signed_at, ip, user_agent, text_sha256)
			VALUES ($1, $2, 'guardian', $3, $4, $5, $6, $7, $8)`, g.EntryID, v.ID, RoleGuardian, fullName, now, meta.IP, meta.UserAgent, v.SHA256); err != nil {
			return fmt.Errorf("save guardian signature: %w", err)
		}
		guardian := &User{Role: RoleGuardian}
		if err := s.appendAudit(tx, auditActor(guardian, meta, "agreement.guardian_signed", g.EntryID, map[string]any{"version": v.Version,
			"side": SignGuardian, "name": fullName, "sha256": hex.EncodeToString(v.SHA256)})); err != nil {
			return err
		}
		sigs, err := versionSignatures(tx, v.ID)
		if err != nil {
			return err
		}
		return s.acceptIfSigned(ctx, tx, "", SignGuardian, g.EntryID, &o, v, sigs, meta, tasks)
	})
}

// AgreementEventView is one audit event of an offer as a party sees it.
type AgreementEventView struct {
	Action        string    `json:"action"`
	ActorName     string    `json:"actorName"`
	Role          string    `json:"role"`
	At            time.Time `json:"at"`
	VersionNumber *int      `json:"versionNumber"`
	IP            *string   `json:"ip,omitempty"`
}

// AgreementEvents lists offer entryID's audit events for viewer (agreementParty's
// scope), oldest first: names and roles; an ADMIN also sees the IP.
func (s *DB) AgreementEvents(ctx context.Context, viewer *User, entryID string) ([]AgreementEventView, error) {
	side, err := agreementParty(ctx, s.db, viewer, entryID)
	if err != nil {
		return nil, err
	}
	var rows []struct {
		AgreementEventRow
		IP string `db:"ip"`
	}
	err = s.db.SelectContext(ctx, &rows, `SELECT a.at, u.name AS actor_name, a.actor_role, a.action, COALESCE(a.after, 'null') AS after, a.ip
		FROM audit_events a LEFT JOIN users u ON u.id = a.actor_id WHERE a.subject = $1 ORDER BY a.id`, "offer:"+entryID)
	if err != nil {
		return nil, fmt.Errorf("agreement events: %w", err)
	}
	out := make([]AgreementEventView, 0, len(rows))
	for _, r := range rows {
		ev := AgreementEventView{Action: r.Action, ActorName: r.ActorName.String, Role: r.ActorRole, At: r.At.UTC()}
		var a struct {
			Version int    `json:"version"`
			Name    string `json:"name"`
		}
		if json.Unmarshal(r.After, &a) == nil {
			if a.Version > 0 {
				ev.VersionNumber = &a.Version
			}
			if r.ActorRole == RoleGuardian {
				ev.ActorName = a.Name
			}
		}
		if side == SideAdmin {
			ip := r.IP
			ev.IP = &ip
		}
		out = append(out, ev)
	}
	return out, nil
}

// RecordSignedAcceptance is for demo data and test set-ups, never a request:
// it records brand's and the creator's signatures of offer entryID's current
// version (fixing one first when the offer was written without the
// product's moves), each under the name the version prints, and accepts the
// offer the way the last signature does (history, payout, mail, the signed
// PDF's task, audit events). An offer accepted already (written directly as
// accepted) gets the signatures and its PDF's task, and keeps its state.
func (s *DB) RecordSignedAcceptance(ctx context.Context, entryID string, brand *User, tasks AgreementTasks) error {
	meta := RequestMeta{UserAgent: "api seed"}
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		var o signableOffer
		if err := tx.GetContext(ctx, &o, `SELECT e.offer_status, e.campaign_id, e.offer_sent_at, k.status AS campaign_status
			FROM roster_entries e JOIN campaigns k ON k.id = e.campaign_id WHERE e.id = $1 FOR UPDATE OF e`, entryID); err != nil {
			return translate(err, MsgOfferNotFound)
		}
		already := o.Status == OfferAccepted || o.Status == OfferCompleted
		v, err := lastAgreementVersion(tx, entryID)
		if err == nil && v == nil {
			v, err = s.fixAgreement(tx, entryID, brand, meta)
		}
		if err != nil {
			return err
		}
		var creatorUser sql.NullString
		if err := tx.Get(&creatorUser, `SELECT c.user_id::text FROM roster_entries e JOIN creators c ON c.id = e.creator_id WHERE e.id = $1`, entryID); err != nil {
			return fmt.Errorf("offer's creator: %w", err)
		}
		now := s.now().UTC().Truncate(time.Microsecond)
		signers := []struct {
			side, role, name string
			user             *string
		}{{SignBrand, brand.Role, v.Terms.BrandSigner, &brand.ID}, {SignCreator, RoleUser, v.Terms.CreatorName, nil}}
		if creatorUser.Valid {
			signers[1].user = &creatorUser.String
		}
		if signers[0].name == "" {
			signers[0].name = brand.Name
		}
		added := 0
		for _, sg := range signers {
			res, err := tx.Exec(`INSERT INTO agreement_signatures (entry_id, version_id, side, user_id, role, full_name, signed_at, user_agent, text_sha256)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (version_id, side) DO NOTHING`,
				entryID, v.ID, sg.side, sg.user, sg.role, sg.name, now, meta.UserAgent, v.SHA256)
			if err != nil {
				return fmt.Errorf("save signature: %w", err)
			}
			if n, _ := res.RowsAffected(); n == 0 {
				continue
			}
			added++
			actor := &User{Role: sg.role}
			if sg.user != nil {
				actor.ID = *sg.user
			}
			if err := s.appendAudit(tx, auditActor(actor, meta, "agreement.signed", entryID, map[string]any{"version": v.Version,
				"side": sg.side, "name": sg.name, "sha256": hex.EncodeToString(v.SHA256)})); err != nil {
				return err
			}
		}
		if !already {
			sigs, err := versionSignatures(tx, v.ID)
			if err != nil {
				return err
			}
			return s.acceptIfSigned(ctx, tx, brand.ID, SignBrand, entryID, &o, v, sigs, meta, tasks)
		}
		if added == 0 || tasks.PDF == nil {
			return nil
		}
		var sigs []AgreementSignature // an offer accepted before it carried signatures: now its PDF
		if err := tx.Select(&sigs, `SELECT version_id, side, full_name, role, signed_at, user_id, minor, text_sha256
			FROM agreement_signatures WHERE version_id = $1 ORDER BY signed_at, id`, v.ID); err != nil {
			return fmt.Errorf("read signatures: %w", err)
		}
		return insertTask(tx, tasks.PDF(entryID, v.ID, now, sigs))
	})
}
