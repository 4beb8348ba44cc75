import { Button, Center, Group, Image, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconCheck, IconCopy, IconDownload, IconQrcode, IconShare, IconX } from "@tabler/icons-react";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../lib/i18n";
import {
  canUseSystemShare,
  pdfUrl,
  QR_CODE_SIZE,
  QR_ERROR_CORRECTION,
  shareUrl,
  useCopyFeedback,
} from "./share-links";
import type { ShareModalProps } from "./share-modal";

/**
 * The share address of a saved playlist: copy it, show it as a QR code, open its PDF, or hand it to the phone. Its
 * own chunk, loaded the first time the dialog opens (share-modal.tsx).
 */
export function ShareModalDialog({ playlistId, opened, onClose }: ShareModalProps) {
  const { t, i18n } = useTranslation();
  const url = shareUrl(window.location.origin, playlistId);
  const { state, copy } = useCopyFeedback();
  const [showQr, setShowQr] = useState(false);
  const [qr, setQr] = useState<string | null>(null);
  const isPhone = useMediaQuery("(pointer: coarse) and (max-width: 768px)") ?? false;
  const canShare = canUseSystemShare(typeof navigator === "undefined" ? undefined : navigator, isPhone);

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
        <Text>{t("share.modal.description")}</Text>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            flex={1}
            label={t("share.modal.urlLabel")}
            value={url}
            readOnly
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
        </Group>
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
          <Button
            component="a"
            href={pdfUrl(playlistId, currentLanguage(i18n))}
            target="_blank"
            rel="noopener"
            variant="light"
            leftSection={<IconDownload size={18} aria-hidden="true" />}
            data-testid="share-pdf"
          >
            {t("share.modal.downloadPdf")}
          </Button>
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
