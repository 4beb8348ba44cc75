import { Button, Center, Group, Image, Modal, NativeSelect, Stack, Text, Textarea } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  IconCheck,
  IconCopy,
  IconDownload,
  IconLock,
  IconQrcode,
  IconShare,
  IconWorld,
  IconX,
} from "@tabler/icons-react";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../lib/i18n";
import { voicePartLabel } from "../../lib/voice-parts";
import { fetchSongbook, saveBlob, songbookFileName } from "./pdf-download";
import {
  canUseSystemShare,
  type PdfScores,
  partScores,
  pdfUrl,
  QR_CODE_SIZE,
  QR_ERROR_CORRECTION,
  shareUrl,
  singUrl,
  useCopyFeedback,
} from "./share-links";
import type { ShareModalProps } from "./share-modal";
import classes from "./share-modal.module.css";

type Progress = "idle" | "pending" | "done" | "failed";

/**
 * The share address of a saved playlist: who can open it (anyone, or the choir's signed-in members, with the offer
 * to make the playlist public for those who may edit it), copy it, show it as a QR code, get its PDF, or hand it to
 * the phone. Its own chunk, loaded the first time the dialog opens (share-modal.tsx).
 */
export function ShareModalDialog({
  playlistId,
  opened,
  onClose,
  isPublic,
  choirName,
  onMakePublic,
  voiceParts = [],
  myPart = null,
}: ShareModalProps) {
  const { t, i18n } = useTranslation();
  const url = shareUrl(window.location.origin, playlistId);
  const { state, copy } = useCopyFeedback();
  const memberUrl = singUrl(window.location.origin, playlistId);
  const memberCopy = useCopyFeedback();
  const [showQr, setShowQr] = useState(false);
  const [qr, setQr] = useState<string | null>(null);
  const isPhone = useMediaQuery("(pointer: coarse) and (max-width: 768px)") ?? false;
  const canShare = canUseSystemShare(typeof navigator === "undefined" ? undefined : navigator, isPhone);
  const [making, setMaking] = useState<Progress>("idle");
  const [pdf, setPdf] = useState<Progress>("idle");
  const [scores, setScores] = useState<PdfScores>("none");
  const isOpenToAnyone = isPublic || making === "done";
  const language = currentLanguage(i18n);

  const makePublic = async () => {
    if (!onMakePublic) return;
    setMaking("pending");
    try {
      await onMakePublic();
      setMaking("done");
    } catch {
      setMaking("failed");
    }
  };

  // A private playlist's PDF, and any with scores, answers only with a member's token, which a plain link cannot send.
  const downloadPrivatePdf = async () => {
    setPdf("pending");
    try {
      const response = await fetchSongbook(pdfUrl(playlistId, language, scores));
      if (!response.ok) throw new Error(`The songbook answered ${response.status}`);
      saveBlob(await response.blob(), songbookFileName(response, playlistId));
      setPdf("done");
    } catch {
      setPdf("failed");
    }
  };

  // The dialog stays mounted once opened: each opening starts without the last one's outcome.
  useEffect(() => {
    if (opened) return;
    setMaking("idle");
    setPdf("idle");
  }, [opened]);

  useEffect(() => {
    if (!showQr) return;
    let cancelled = false;
    QRCode.toDataURL(url, { width: QR_CODE_SIZE, margin: 1, errorCorrectionLevel: QR_ERROR_CORRECTION })
      .then((data) => {
        if (!cancelled) setQr(data);
      })
      .catch(() => {
        if (!cancelled) setQr(null);
      });
    return () => {
      cancelled = true;
    };
  }, [showQr, url]);

  const systemShare = async () => {
    try {
      await navigator.share({ title: t("share.modal.systemShareTitle"), url });
    } catch {
      // Dismissing the share sheet is not an error worth showing.
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("share.modal.title")}
      centered
      closeButtonProps={{ "aria-label": t("common.close") }}
    >
      <Stack gap="md" data-testid="share-modal">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {isOpenToAnyone ? (
            <IconWorld size={22} aria-hidden="true" className={classes.accessIcon} />
          ) : (
            <IconLock size={22} aria-hidden="true" className={classes.accessIcon} />
          )}
          <Text data-testid="share-access" data-access={isOpenToAnyone ? "public" : "private"}>
            {isOpenToAnyone
              ? t("share.modal.description")
              : choirName
                ? t("share.modal.privateDescription", { choir: choirName })
                : t("share.modal.privateDescriptionNoChoir")}
          </Text>
        </Group>
        {!isOpenToAnyone && onMakePublic ? (
          <Group gap="sm" wrap="wrap" justify="space-between" className={classes.makePublic}>
            <Text size="sm" flex="1 1 16rem" data-testid="share-make-public-hint">
              {t("share.modal.makePublicHint")}
            </Text>
            <Button
              variant="light"
              leftSection={<IconWorld size={18} aria-hidden="true" />}
              loading={making === "pending"}
              onClick={makePublic}
              data-testid="share-make-public"
            >
              {t("share.modal.makePublic")}
            </Button>
          </Group>
        ) : null}
        <Text
          size="sm"
          aria-live="polite"
          c={making === "failed" ? "red.8" : "teal.9"}
          hidden={making !== "done" && making !== "failed"}
          data-testid="share-make-public-status"
        >
          {making === "done"
            ? t("share.modal.madePublic")
            : making === "failed"
              ? t("share.modal.makePublicFailed")
              : ""}
        </Text>
        {/* The link takes the dialog's width, whole on three rows, and its copy button goes below it. */}
        <div className={classes.linkRow} data-testid="share-link-row">
          <Textarea
            className={classes.linkInput}
            classNames={{ input: classes.linkText }}
            label={t("share.modal.urlLabel")}
            value={url}
            readOnly
            rows={3}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="share-url"
          />
          <Button
            variant={state === "copied" ? "filled" : "default"}
            color={state === "copied" ? "teal.8" : state === "failed" ? "red.9" : undefined}
            leftSection={
              state === "copied" ? (
                <IconCheck size={18} aria-hidden="true" />
              ) : state === "failed" ? (
                <IconX size={18} aria-hidden="true" />
              ) : (
                <IconCopy size={18} aria-hidden="true" />
              )
            }
            onClick={() => copy(url)}
            data-testid="share-copy"
            data-state={state}
          >
            {state === "copied"
              ? t("share.modal.copied")
              : state === "failed"
                ? t("share.modal.copyFailed")
                : t("share.modal.copy")}
          </Button>
        </div>
        <Text
          size="sm"
          aria-live="polite"
          c={state === "failed" ? "red.8" : "dimmed"}
          data-testid="share-copy-status"
        >
          {state === "copied"
            ? t("share.modal.copiedNote")
            : state === "failed"
              ? t("share.modal.copyFailedNote")
              : ""}
        </Text>
        <div className={classes.linkRow} data-testid="share-sing-row">
          <Textarea
            className={classes.linkInput}
            classNames={{ input: classes.linkText }}
            label={t("sing.memberLink")}
            description={t("sing.memberLinkHint")}
            value={memberUrl}
            readOnly
            rows={3}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="share-sing-url"
          />
          <Button
            variant={memberCopy.state === "copied" ? "filled" : "default"}
            color={
              memberCopy.state === "copied" ? "teal.8" : memberCopy.state === "failed" ? "red.9" : undefined
            }
            leftSection={
              memberCopy.state === "copied" ? (
                <IconCheck size={18} aria-hidden="true" />
              ) : (
                <IconCopy size={18} aria-hidden="true" />
              )
            }
            onClick={() => memberCopy.copy(memberUrl)}
            aria-label={`${t("share.modal.copy")}: ${t("sing.memberLink")}`}
            data-testid="share-sing-copy"
            data-state={memberCopy.state}
          >
            {memberCopy.state === "copied"
              ? t("share.modal.copied")
              : memberCopy.state === "failed"
                ? t("share.modal.copyFailed")
                : t("share.modal.copy")}
          </Button>
        </div>
        <NativeSelect
          label={t("share.modal.pdfScores")}
          description={t("share.modal.pdfScoresHint")}
          value={scores}
          onChange={(event) => setScores(event.currentTarget.value as PdfScores)}
          data={[
            { value: "none", label: t("share.modal.pdfScoresNone") },
            ...(myPart
              ? [
                  {
                    value: "part",
                    label: t("share.modal.pdfScoresMine", { part: voicePartLabel(t, myPart) }),
                  },
                ]
              : []),
            ...voiceParts
              .filter((part) => part !== myPart)
              .map((part) => ({
                value: partScores(part),
                label: t("share.modal.pdfScoresFor", { part: voicePartLabel(t, part) }),
              })),
            { value: "all", label: t("share.modal.pdfScoresAll") },
          ]}
          data-testid="share-pdf-scores"
        />
        {!myPart && voiceParts.length > 0 ? (
          <Text size="sm" c="dimmed" data-testid="share-pdf-no-part">
            {t("share.modal.pdfScoresNoPart")}
          </Text>
        ) : null}
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconQrcode size={18} aria-hidden="true" />}
            aria-expanded={showQr}
            aria-controls="share-qr"
            onClick={() => setShowQr((shown) => !shown)}
            data-testid="share-qr-toggle"
          >
            {showQr ? t("share.modal.hideQr") : t("share.modal.showQr")}
          </Button>
          {isOpenToAnyone && scores === "none" ? (
            <Button
              component="a"
              href={pdfUrl(playlistId, language)}
              target="_blank"
              rel="noopener"
              variant="light"
              leftSection={<IconDownload size={18} aria-hidden="true" />}
              data-testid="share-pdf"
            >
              {t("share.modal.downloadPdf")}
            </Button>
          ) : (
            <Button
              variant="light"
              leftSection={<IconDownload size={18} aria-hidden="true" />}
              loading={pdf === "pending"}
              onClick={downloadPrivatePdf}
              data-testid="share-pdf"
            >
              {t("share.modal.downloadPdf")}
            </Button>
          )}
          {canShare ? (
            <Button
              variant="light"
              leftSection={<IconShare size={18} aria-hidden="true" />}
              onClick={systemShare}
              data-testid="share-system"
            >
              {t("share.modal.systemShare")}
            </Button>
          ) : null}
        </Group>
        {pdf === "failed" ? (
          <Text size="sm" c="red.8" role="alert" data-testid="share-pdf-status">
            {t("share.modal.pdfFailed")}
          </Text>
        ) : null}
        <div id="share-qr" hidden={!showQr}>
          {showQr && qr ? (
            <Center>
              <Image
                src={qr}
                w={QR_CODE_SIZE}
                h={QR_CODE_SIZE}
                alt={t("share.modal.qrAlt")}
                data-testid="share-qr"
              />
            </Center>
          ) : null}
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="share-close">
            {t("common.close")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
