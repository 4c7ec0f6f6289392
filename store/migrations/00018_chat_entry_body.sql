-- +goose Up
-- Each chat entry keeps its JSON as the API shows it (body), rebuilt by a trigger on every insert and update, so
-- GET /api/chats aggregates ready text instead of rebuilding and re-encoding every entry's facts on each poll.
-- Answered entries carry answer, facts, suggestions and answeredAt; failed ones a reason; platform null = all.
-- Timestamps are written in UTC whatever the writing session's time zone.
ALTER TABLE chat_entries ADD COLUMN body json;

-- +goose StatementBegin
CREATE FUNCTION chat_entry_body() RETURNS trigger AS $$
BEGIN
    NEW.body := (jsonb_strip_nulls(jsonb_build_object('_id', NEW.id, 'question', NEW.question, 'status', NEW.status,
        'createdAt', NEW.created_at, 'answer', NEW.answer, 'facts', NEW.facts, 'suggestions', NEW.suggestions,
        'answeredAt', NEW.answered_at, 'reason', NEW.reason, 'source', NEW.source, 'jobId', NEW.job_id))
        || jsonb_build_object('platform', nullif(NEW.platform, '')))::json;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql SET timezone TO 'UTC';
-- +goose StatementEnd

CREATE TRIGGER chat_entry_body BEFORE INSERT OR UPDATE ON chat_entries
    FOR EACH ROW EXECUTE FUNCTION chat_entry_body();

UPDATE chat_entries SET body = NULL; -- the trigger fills it
ALTER TABLE chat_entries ALTER COLUMN body SET NOT NULL;

-- +goose Down
DROP TRIGGER chat_entry_body ON chat_entries;
DROP FUNCTION chat_entry_body;
ALTER TABLE chat_entries DROP COLUMN body;
