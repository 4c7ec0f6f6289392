package main

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"creatorcoach/jobs"
	"creatorcoach/store"
)

// userJSON is the user as the profile call answers it. profileImage is a
// signed link to the picture (relative to the API origin, valid for
// fileLinkTTL) and profileImageKey its upload key; both "" without one.
type userJSON struct {
	ID              string       `json:"_id"`
	Name            string       `json:"name"`
	Email           string       `json:"email"`
	ProfileImage    string       `json:"profileImage"`
	ProfileImageKey string       `json:"profileImageKey"`
	Role            string       `json:"role"`
	Niche           *store.Niche `json:"niche"`
	Brand           *store.Brand `json:"brand"`
	CreatedAt       time.Time    `json:"createdAt"`
}

func (s *server) userJSON(u *store.User) userJSON {
	j := userJSON{ID: u.ID, Name: u.Name, Email: u.Email, Role: u.Role, Niche: u.Niche, Brand: u.Brand, CreatedAt: u.CreatedAt}
	if store.ValidFileKey(u.ProfileImage) {
		j.ProfileImage, _ = s.signFileURL(u.ProfileImage)
		j.ProfileImageKey = u.ProfileImage
	}
	return j
}

func message(text string) map[string]string { return map[string]string{"message": text} }

func sessionMeta(r *http.Request) store.SessionMeta {
	return store.SessionMeta{UserAgent: r.UserAgent(), IP: clientIP(r)}
}

// userRoutes registers sign-up, log-in, one-time codes, the profile and
// account deletion.
func (s *server) userRoutes(public, signedIn chi.Router) {
	public.Post("/users/register", s.registerUser)
	public.Post("/brands/register", s.registerBrand)
	public.Post("/users/send-email-verification-otp", s.sendOTP(store.OTPEmailVerification, "OTP has been sent to your email"))
	public.Post("/users/verify-email", s.verifyEmail)
	public.Post("/users/login", s.login)
	public.Post("/users/refresh-token", s.refreshToken)
	public.Post("/users/forgot-password", s.sendOTP(store.OTPPasswordReset, "OTP has been resent to your email"))
	public.Post("/users/verify-otp", s.verifyOTP)
	public.Post("/users/reset-password", s.resetPassword)
	public.Post("/users/delete-account-otp", s.sendOTP(store.OTPAccountDeletion, "OTP has been sent to your email"))
	public.Delete("/users/delete-account", s.deleteAccountWithOTP)
	signedIn.With(s.allow(allRoles...)).Get("/users/me", s.me)
	signedIn.With(s.allow(allRoles...)).Get("/users/profile", s.me)
	signedIn.With(s.allow(allRoles...)).Post("/users/logout", s.logout)
	signedIn.With(s.allow(settingsRoles...)).Put("/users/profile", s.updateProfile)
	signedIn.With(s.allow(settingsRoles...)).Put("/users/change-password", s.changePassword)
	signedIn.With(s.allow(settingsRoles...)).Delete("/users", s.deleteMe)
}

// registerUser signs up a creator, or a brand when brandName is present.
func (s *server) registerUser(w http.ResponseWriter, r *http.Request) {
	var in store.Registration
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, mailLimits(r, in.Email)...) {
		return
	}
	s.register(w, r, in)
}

// registerBrand is POST /brands/register: always a brand sign-up.
func (s *server) registerBrand(w http.ResponseWriter, r *http.Request) {
	var in store.Registration
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, mailLimits(r, in.Email)...) {
		return
	}
	if in.BrandName == nil {
		in.BrandName = new(string)
	}
	s.register(w, r, in)
}

// register answers 201 {"data": {"message"}} alike whether or not
// the address has an account (see store.Register for what is mailed).
func (s *server) register(w http.ResponseWriter, r *http.Request, in store.Registration) {
	if err := s.store.Register(r.Context(), in, jobs.NewSendOTPTask(), jobs.NewSignupNoticeTask); err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, message("Please check your email for OTP!"))
}

type emailBody struct {
	Email string `json:"email"`
}

// sendOTP answers the three "mail me a code" calls alike, whether or not the
// address has an account.
func (s *server) sendOTP(purpose store.OTPPurpose, answer string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in emailBody
		if !s.decode(w, r, &in) {
			return
		}
		invalid := store.MsgEmailInvalid
		if purpose == store.OTPAccountDeletion {
			invalid = store.MsgDeleteEmail
		}
		if err := store.CheckEmail("email", in.Email, invalid); err != nil {
			s.writeError(w, r, err)
			return
		}
		if !s.rateLimit(w, r, mailLimits(r, in.Email)...) {
			return
		}
		s.answer(w, r, s.store.RequestOTP(r.Context(), in.Email, purpose, jobs.NewSendOTPTask()), message(answer))
	}
}

type otpBody struct {
	Email    string `json:"email"`
	OTP      string `json:"otp"`
	Type     string `json:"type"`
	Password string `json:"password"`
	Reason   string `json:"reason"`
}

func (s *server) verifyEmail(w http.ResponseWriter, r *http.Request) {
	var in otpBody
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, secretLimits(r, in.Email)...) {
		return
	}
	u, sess, err := s.store.VerifyEmail(r.Context(), in.Email, in.OTP, sessionMeta(r))
	s.signedIn(w, r, u, sess, err, "Email verified successfully!")
}

type loginBody struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

func (s *server) login(w http.ResponseWriter, r *http.Request) {
	var in loginBody
	if !s.decode(w, r, &in) {
		return
	}
	f := store.FieldErrors{}
	if in.Email == "" {
		f["email"] = store.MsgEmailRequired
	}
	if in.Password == "" {
		f["password"] = store.MsgPasswordRequired
	}
	if err := f.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	if !s.rateLimit(w, r, secretLimits(r, in.Email)...) {
		return
	}
	u, sess, err := s.store.Login(r.Context(), in.Email, in.Password, sessionMeta(r))
	msg := "Login Successful"
	if err == nil && u.Restored {
		msg = MsgAccountRestored
	}
	s.signedIn(w, r, u, sess, err, msg)
}

// MsgAccountRestored is the login's message when it restored an account
// deleted less than store.RecoveryWindow ago.
const MsgAccountRestored = "Welcome back! Your account has been restored: its deletion is cancelled."

// signedIn answers a call that opened a session with both tokens and the user.
func (s *server) signedIn(w http.ResponseWriter, r *http.Request, u *store.User, sess *store.Session, err error, msg string) {
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	t, err := s.issueTokens(sess, u.Role)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, map[string]any{"accessToken": t.AccessToken, "refreshToken": t.RefreshToken,
		"user": s.userJSON(u), "message": msg})
}

// refreshToken rotates the refresh token. The tokens are in data and, for
// clients that read the unwrapped shape, at the top level too.
func (s *server) refreshToken(w http.ResponseWriter, r *http.Request) {
	var in struct {
		RefreshToken string `json:"refreshToken"`
	}
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, secretLimits(r, "")...) {
		return
	}
	sess, err := s.store.Refresh(r.Context(), in.RefreshToken)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	u, err := s.store.Authenticate(r.Context(), sess.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	t, err := s.issueTokens(sess, u.Role)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": t, "accessToken": t.AccessToken, "refreshToken": t.RefreshToken})
}

func (s *server) logout(w http.ResponseWriter, r *http.Request) {
	s.answer(w, r, s.store.Logout(r.Context(), currentSession(r)), message("Logged out successfully"))
}

func (s *server) verifyOTP(w http.ResponseWriter, r *http.Request) {
	var in otpBody
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, secretLimits(r, in.Email)...) {
		return
	}
	purpose := store.OTPPurpose(in.Type)
	if in.Type == "" {
		purpose = store.OTPPasswordReset
	}
	if purpose != store.OTPPasswordReset && purpose != store.OTPAccountDeletion {
		s.writeError(w, r, store.FieldErrors{"type": "Invalid OTP type"}.Err())
		return
	}
	s.answer(w, r, s.store.CheckOTP(r.Context(), in.Email, purpose, in.OTP), message("OTP verified successfully!"))
}

func (s *server) resetPassword(w http.ResponseWriter, r *http.Request) {
	var in otpBody
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, secretLimits(r, in.Email)...) {
		return
	}
	s.answer(w, r, s.store.ResetPassword(r.Context(), in.Email, in.OTP, in.Password), message("New password set successfully"))
}

func (s *server) me(w http.ResponseWriter, r *http.Request) {
	respond(w, http.StatusOK, map[string]any{"user": s.userJSON(currentUser(r))})
}

func (s *server) updateProfile(w http.ResponseWriter, r *http.Request) {
	var in store.ProfileUpdate
	if !s.decode(w, r, &in) {
		return
	}
	u, err := s.store.UpdateProfile(r.Context(), currentUser(r), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, map[string]any{"user": s.userJSON(u)})
}

func (s *server) changePassword(w http.ResponseWriter, r *http.Request) {
	var in struct {
		CurrentPassword string `json:"currentPassword"`
		NewPassword     string `json:"newPassword"`
	}
	u := currentUser(r)
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, secretLimits(r, u.Email)...) {
		return
	}
	s.answer(w, r, s.store.ChangePassword(r.Context(), u.ID, currentSession(r), in.CurrentPassword, in.NewPassword), message("Password changed successfully"))
}

func (s *server) deleteMe(w http.ResponseWriter, r *http.Request) {
	var in otpBody
	if !s.decode(w, r, &in) {
		return
	}
	s.answer(w, r, s.store.DeleteAccount(r.Context(), currentUser(r).ID, in.Reason, jobs.NewBillingStopRenewalTask), message("Your account has been successfully deleted."))
}

func (s *server) deleteAccountWithOTP(w http.ResponseWriter, r *http.Request) {
	var in otpBody
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, secretLimits(r, in.Email)...) {
		return
	}
	s.answer(w, r, s.store.DeleteAccountWithOTP(r.Context(), in.Email, in.OTP, in.Reason, jobs.NewBillingStopRenewalTask), message("Your account has been successfully deleted."))
}
