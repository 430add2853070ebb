import type { MailMessage } from '../../integrations/mail/mailer';
import { accountMessageLanguage } from '../../integrations/mail/account-messages';

/** Why the reader gets the mail, and where they turn it off, in the app's 14 languages. */
const FOOTER: Record<string, { open: string; why: string }> = {
  en: { open: 'Open it:', why: 'You get this mail because the bulletin is on in your Newsreel settings; turn it off there:' },
  ar: { open: 'افتحه:', why: 'تصلك هذه الرسالة لأن النشرة مفعّلة في إعدادات Newsreel؛ يمكنك إيقافها من هناك:' },
  de: { open: 'Öffnen:', why: 'Du bekommst diese Mail, weil das Bulletin in deinen Newsreel-Einstellungen eingeschaltet ist; dort kannst du es ausschalten:' },
  es: { open: 'Ábrelo:', why: 'Recibes este correo porque el boletín está activado en tu configuración de Newsreel; desactívalo allí:' },
  fa: { open: 'بازش کن:', why: 'این ایمیل را دریافت می‌کنی چون خبرنامه در تنظیمات Newsreel روشن است؛ از همان‌جا خاموشش کن:' },
  fr: { open: 'L’ouvrir :', why: 'Vous recevez ce courriel car le bulletin est activé dans vos réglages Newsreel ; désactivez-le ici :' },
  he: { open: 'לפתיחה:', why: 'המייל הזה נשלח אליך כי העלון מופעל בהגדרות Newsreel שלך; אפשר לכבות אותו שם:' },
  it: { open: 'Aprilo:', why: 'Ricevi questa email perché il bollettino è attivo nelle tue impostazioni di Newsreel; puoi disattivarlo lì:' },
  nl: { open: 'Openen:', why: 'Je krijgt deze mail omdat de nieuwsbrief aanstaat in je Newsreel-instellingen; zet hem daar uit:' },
  pt: { open: 'Abrir:', why: 'Você recebe este e-mail porque o boletim está ativado nas suas configurações do Newsreel; desative-o lá:' },
  sv: { open: 'Öppna:', why: 'Du får det här mejlet eftersom nyhetsbrevet är påslaget i dina Newsreel-inställningar; stäng av det där:' },
  ur: { open: 'کھولیں:', why: 'آپ کو یہ ای میل اس لیے ملی کیونکہ Newsreel کی ترتیبات میں بلیٹن آن ہے؛ اسے وہاں بند کریں:' },
  vi: { open: 'Mở:', why: 'Bạn nhận được thư này vì bản tin đang bật trong cài đặt Newsreel của bạn; hãy tắt nó tại đó:' },
  zh: { open: '打开：', why: '你收到这封邮件，是因为你在 Newsreel 设置中开启了简报；可以在那里关闭：' },
};

export interface BulletinNotification {
  title: string;
  body: string;
  link: string | null;
}

/** The mail of a notification to a reader with the bulletin on: its title, body and link, and why they get it. */
export function bulletinMail(to: string, language: string | null, notification: BulletinNotification, publicUrl: string): MailMessage {
  const footer = FOOTER[accountMessageLanguage(language ?? undefined)] ?? FOOTER.en!;
  const base = publicUrl.replace(/\/+$/, '');
  const link = notification.link === null ? null : notification.link.startsWith('/') ? `${base}${notification.link}` : notification.link;
  const text = [notification.title, '', notification.body, ...(link ? ['', `${footer.open} ${link}`] : []), '', '—', `${footer.why} ${base}/account`, ''].join('\n');
  return { to, subject: notification.title, text };
}
