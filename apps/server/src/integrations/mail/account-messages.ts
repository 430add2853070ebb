/** The mails the accounts feature sends, in the 14 languages of the app. */
export type AccountMessageKind = 'verify' | 'reset' | 'email-change';

export interface AccountMessage {
  subject: string;
  text: string;
  html: string;
}

interface KindWording {
  subject: string;
  /** What happened and what the link does; ends where the link follows. */
  intro: string;
  /** The label of the button in the HTML mail. */
  action: string;
  expiry: string;
  /** What to do when the reader did not ask for this mail. */
  ignore: string;
}

interface Wording {
  /** The greeting, with the reader's name when we know it. */
  hello(name: string): string;
  verify: KindWording;
  reset: KindWording;
  'email-change': KindWording;
  /** Shown under the button, above the plain link, for mail programs that block buttons. */
  linkHint: string;
  signature: string;
}

// Times are written the way each language writes them in the app (Persian digits in fa). The
// voice follows the web app's: "du" in German, 你 in Chinese, Brazilian Portuguese.
const WORDING = {
  en: {
    hello: (name) => (name ? `Hi ${name},` : 'Hi,'),
    verify: {
      subject: 'Confirm your email for Newsreel',
      intro: 'Welcome to Newsreel! Please confirm your email address to finish setting up your account:',
      action: 'Confirm my email',
      expiry: 'This link expires in 24 hours.',
      ignore: "If you didn't sign up for Newsreel, you can ignore this email.",
    },
    reset: {
      subject: 'Reset your Newsreel password',
      intro: 'We received a request to reset the password of your Newsreel account. Choose a new one here:',
      action: 'Choose a new password',
      expiry: 'This link expires in 1 hour and can be used only once.',
      ignore: "If you didn't ask for this, you can ignore this email; your password stays the same.",
    },
    'email-change': {
      subject: 'Confirm your new email for Newsreel',
      intro: 'Please confirm that you want to use this address for your Newsreel account:',
      action: 'Confirm this address',
      expiry: 'This link expires in 24 hours.',
      ignore: "If you didn't ask for this change, you can ignore this email; your account keeps its current address.",
    },
    linkHint: "If the button doesn't work, copy this link into your browser:",
    signature: 'The Newsreel team',
  },
  ar: {
    hello: (name) => (name ? `مرحبًا ${name}،` : 'مرحبًا،'),
    verify: {
      subject: 'أكِّد بريدك الإلكتروني في Newsreel',
      intro: 'أهلًا بك في Newsreel! يُرجى تأكيد عنوان بريدك الإلكتروني لإكمال إعداد حسابك:',
      action: 'تأكيد بريدي الإلكتروني',
      expiry: 'تنتهي صلاحية هذا الرابط خلال 24 ساعة.',
      ignore: 'إذا لم تكن قد أنشأت حسابًا في Newsreel، فيمكنك تجاهل هذه الرسالة.',
    },
    reset: {
      subject: 'إعادة تعيين كلمة المرور في Newsreel',
      intro: 'تلقّينا طلبًا لإعادة تعيين كلمة مرور حسابك في Newsreel. اختر كلمة مرور جديدة من هنا:',
      action: 'اختيار كلمة مرور جديدة',
      expiry: 'تنتهي صلاحية هذا الرابط خلال ساعة واحدة، ولا يمكن استخدامه إلا مرة واحدة.',
      ignore: 'إذا لم تطلب ذلك، فيمكنك تجاهل هذه الرسالة؛ ستبقى كلمة مرورك كما هي.',
    },
    'email-change': {
      subject: 'أكِّد بريدك الإلكتروني الجديد في Newsreel',
      intro: 'يُرجى تأكيد رغبتك في استخدام هذا العنوان لحسابك في Newsreel:',
      action: 'تأكيد هذا العنوان',
      expiry: 'تنتهي صلاحية هذا الرابط خلال 24 ساعة.',
      ignore: 'إذا لم تطلب هذا التغيير، فيمكنك تجاهل هذه الرسالة؛ سيحتفظ حسابك بعنوانه الحالي.',
    },
    linkHint: 'إذا لم يعمل الزر، فانسخ هذا الرابط والصقه في متصفحك:',
    signature: 'فريق Newsreel',
  },
  he: {
    hello: (name) => (name ? `שלום ${name},` : 'שלום,'),
    verify: {
      subject: 'אישור כתובת האימייל שלך ב-Newsreel',
      intro: 'ברוכים הבאים ל-Newsreel! כדי להשלים את הגדרת החשבון, יש לאשר את כתובת האימייל שלך:',
      action: 'אישור כתובת האימייל',
      expiry: 'הקישור יפוג בעוד 24 שעות.',
      ignore: 'אם לא נרשמת ל-Newsreel, אפשר להתעלם מההודעה הזו.',
    },
    reset: {
      subject: 'איפוס הסיסמה שלך ב-Newsreel',
      intro: 'קיבלנו בקשה לאפס את הסיסמה של חשבון ה-Newsreel שלך. אפשר לבחור סיסמה חדשה כאן:',
      action: 'בחירת סיסמה חדשה',
      expiry: 'הקישור יפוג בעוד שעה אחת, ואפשר להשתמש בו פעם אחת בלבד.',
      ignore: 'אם לא ביקשת זאת, אפשר להתעלם מההודעה הזו; הסיסמה שלך לא תשתנה.',
    },
    'email-change': {
      subject: 'אישור כתובת האימייל החדשה שלך ב-Newsreel',
      intro: 'יש לאשר שברצונך להשתמש בכתובת הזו בחשבון ה-Newsreel שלך:',
      action: 'אישור הכתובת',
      expiry: 'הקישור יפוג בעוד 24 שעות.',
      ignore: 'אם לא ביקשת את השינוי, אפשר להתעלם מההודעה הזו; החשבון שלך ימשיך להשתמש בכתובת הנוכחית.',
    },
    linkHint: 'אם הכפתור לא עובד, אפשר להעתיק את הקישור הזה לדפדפן:',
    signature: 'צוות Newsreel',
  },
  fa: {
    hello: (name) => (name ? `سلام ${name}،` : 'سلام،'),
    verify: {
      subject: 'ایمیل خود را در Newsreel تأیید کنید',
      intro: 'به Newsreel خوش آمدید! برای تکمیل راه‌اندازی حساب، لطفاً نشانی ایمیل خود را تأیید کنید:',
      action: 'تأیید ایمیل من',
      expiry: 'این پیوند تا ۲۴ ساعت دیگر منقضی می‌شود.',
      ignore: 'اگر در Newsreel ثبت‌نام نکرده‌اید، می‌توانید این ایمیل را نادیده بگیرید.',
    },
    reset: {
      subject: 'بازنشانی رمز عبور Newsreel',
      intro: 'درخواستی برای بازنشانی رمز عبور حساب Newsreel شما دریافت کردیم. رمز عبور جدید را از اینجا انتخاب کنید:',
      action: 'انتخاب رمز عبور جدید',
      expiry: 'این پیوند تا یک ساعت دیگر منقضی می‌شود و فقط یک بار قابل استفاده است.',
      ignore: 'اگر چنین درخواستی نداده‌اید، می‌توانید این ایمیل را نادیده بگیرید؛ رمز عبور شما تغییری نمی‌کند.',
    },
    'email-change': {
      subject: 'ایمیل جدید خود را در Newsreel تأیید کنید',
      intro: 'لطفاً تأیید کنید که می‌خواهید از این نشانی برای حساب Newsreel خود استفاده کنید:',
      action: 'تأیید این نشانی',
      expiry: 'این پیوند تا ۲۴ ساعت دیگر منقضی می‌شود.',
      ignore: 'اگر درخواست این تغییر را نداده‌اید، می‌توانید این ایمیل را نادیده بگیرید؛ نشانی فعلی حساب شما تغییری نمی‌کند.',
    },
    linkHint: 'اگر دکمه کار نکرد، این پیوند را در مرورگر خود کپی کنید:',
    signature: 'تیم Newsreel',
  },
  ur: {
    hello: (name) => (name ? `السلام علیکم ${name}،` : 'السلام علیکم،'),
    verify: {
      subject: 'Newsreel پر اپنی ای میل کی تصدیق کریں',
      intro: 'Newsreel میں خوش آمدید! اپنا اکاؤنٹ مکمل کرنے کے لیے براہ کرم اپنے ای میل ایڈریس کی تصدیق کریں:',
      action: 'میری ای میل کی تصدیق کریں',
      expiry: 'یہ لنک 24 گھنٹوں میں ختم ہو جائے گا۔',
      ignore: 'اگر آپ نے Newsreel پر اکاؤنٹ نہیں بنایا تو اس ای میل کو نظر انداز کر دیں۔',
    },
    reset: {
      subject: 'اپنا Newsreel پاس ورڈ ری سیٹ کریں',
      intro: 'ہمیں آپ کے Newsreel اکاؤنٹ کا پاس ورڈ ری سیٹ کرنے کی درخواست موصول ہوئی ہے۔ نیا پاس ورڈ یہاں منتخب کریں:',
      action: 'نیا پاس ورڈ منتخب کریں',
      expiry: 'یہ لنک ایک گھنٹے میں ختم ہو جائے گا اور صرف ایک بار استعمال ہو سکتا ہے۔',
      ignore: 'اگر آپ نے یہ درخواست نہیں کی تو اس ای میل کو نظر انداز کر دیں؛ آپ کا پاس ورڈ تبدیل نہیں ہوگا۔',
    },
    'email-change': {
      subject: 'Newsreel پر اپنی نئی ای میل کی تصدیق کریں',
      intro: 'براہ کرم تصدیق کریں کہ آپ اپنے Newsreel اکاؤنٹ کے لیے یہ ایڈریس استعمال کرنا چاہتے ہیں:',
      action: 'اس ایڈریس کی تصدیق کریں',
      expiry: 'یہ لنک 24 گھنٹوں میں ختم ہو جائے گا۔',
      ignore: 'اگر آپ نے یہ تبدیلی نہیں مانگی تو اس ای میل کو نظر انداز کر دیں؛ آپ کا اکاؤنٹ موجودہ ایڈریس ہی استعمال کرتا رہے گا۔',
    },
    linkHint: 'اگر بٹن کام نہ کرے تو یہ لنک اپنے براؤزر میں کاپی کریں:',
    signature: 'Newsreel ٹیم',
  },
  es: {
    hello: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    verify: {
      subject: 'Confirma tu correo electrónico en Newsreel',
      intro: '¡Te damos la bienvenida a Newsreel! Confirma tu dirección de correo electrónico para terminar de configurar tu cuenta:',
      action: 'Confirmar mi correo',
      expiry: 'Este enlace caduca en 24 horas.',
      ignore: 'Si no te has registrado en Newsreel, puedes ignorar este mensaje.',
    },
    reset: {
      subject: 'Restablece tu contraseña de Newsreel',
      intro: 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Newsreel. Elige una nueva aquí:',
      action: 'Elegir una contraseña nueva',
      expiry: 'Este enlace caduca en 1 hora y solo se puede usar una vez.',
      ignore: 'Si no lo has pedido tú, puedes ignorar este mensaje; tu contraseña seguirá siendo la misma.',
    },
    'email-change': {
      subject: 'Confirma tu nuevo correo electrónico en Newsreel',
      intro: 'Confirma que quieres usar esta dirección en tu cuenta de Newsreel:',
      action: 'Confirmar esta dirección',
      expiry: 'Este enlace caduca en 24 horas.',
      ignore: 'Si no has pedido este cambio, puedes ignorar este mensaje; tu cuenta conservará su dirección actual.',
    },
    linkHint: 'Si el botón no funciona, copia este enlace en tu navegador:',
    signature: 'El equipo de Newsreel',
  },
  fr: {
    hello: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    verify: {
      subject: 'Confirmez votre adresse e-mail sur Newsreel',
      intro: 'Bienvenue sur Newsreel\u00a0! Confirmez votre adresse e-mail pour finaliser la création de votre compte\u00a0:',
      action: 'Confirmer mon adresse e-mail',
      expiry: 'Ce lien expire dans 24\u00a0heures.',
      ignore: 'Si vous ne vous êtes pas inscrit sur Newsreel, vous pouvez ignorer cet e-mail.',
    },
    reset: {
      subject: 'Réinitialisez votre mot de passe Newsreel',
      intro: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Newsreel. Choisissez-en un nouveau ici\u00a0:',
      action: 'Choisir un nouveau mot de passe',
      expiry: 'Ce lien expire dans 1\u00a0heure et ne peut être utilisé qu’une seule fois.',
      ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail\u00a0: votre mot de passe reste inchangé.',
    },
    'email-change': {
      subject: 'Confirmez votre nouvelle adresse e-mail sur Newsreel',
      intro: 'Confirmez que vous souhaitez utiliser cette adresse pour votre compte Newsreel\u00a0:',
      action: 'Confirmer cette adresse',
      expiry: 'Ce lien expire dans 24\u00a0heures.',
      ignore: 'Si vous n’avez pas demandé ce changement, ignorez cet e-mail\u00a0: votre compte conserve son adresse actuelle.',
    },
    linkHint: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0:',
    signature: 'L’équipe Newsreel',
  },
  de: {
    hello: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    verify: {
      subject: 'Bestätige deine E-Mail-Adresse für Newsreel',
      intro: 'Willkommen bei Newsreel! Bitte bestätige deine E-Mail-Adresse, um die Einrichtung deines Kontos abzuschließen:',
      action: 'E-Mail-Adresse bestätigen',
      expiry: 'Dieser Link ist 24 Stunden lang gültig.',
      ignore: 'Wenn du dich nicht bei Newsreel registriert hast, kannst du diese E-Mail ignorieren.',
    },
    reset: {
      subject: 'Setze dein Newsreel-Passwort zurück',
      intro: 'Wir haben eine Anfrage erhalten, das Passwort deines Newsreel-Kontos zurückzusetzen. Hier kannst du ein neues wählen:',
      action: 'Neues Passwort wählen',
      expiry: 'Dieser Link ist 1 Stunde lang gültig und funktioniert nur einmal.',
      ignore: 'Wenn du das nicht angefordert hast, kannst du diese E-Mail ignorieren; dein Passwort bleibt unverändert.',
    },
    'email-change': {
      subject: 'Bestätige deine neue E-Mail-Adresse für Newsreel',
      intro: 'Bitte bestätige, dass du diese Adresse für dein Newsreel-Konto verwenden möchtest:',
      action: 'Adresse bestätigen',
      expiry: 'Dieser Link ist 24 Stunden lang gültig.',
      ignore: 'Wenn du diese Änderung nicht angefordert hast, kannst du diese E-Mail ignorieren; dein Konto behält seine bisherige Adresse.',
    },
    linkHint: 'Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:',
    signature: 'Dein Newsreel-Team',
  },
  pt: {
    hello: (name) => (name ? `Olá, ${name}!` : 'Olá!'),
    verify: {
      subject: 'Confirme seu e-mail no Newsreel',
      intro: 'Boas-vindas ao Newsreel! Confirme seu endereço de e-mail para concluir a configuração da sua conta:',
      action: 'Confirmar meu e-mail',
      expiry: 'Este link expira em 24 horas.',
      ignore: 'Se você não se cadastrou no Newsreel, pode ignorar este e-mail.',
    },
    reset: {
      subject: 'Redefina sua senha do Newsreel',
      intro: 'Recebemos um pedido para redefinir a senha da sua conta do Newsreel. Escolha uma nova aqui:',
      action: 'Escolher uma nova senha',
      expiry: 'Este link expira em 1 hora e só pode ser usado uma vez.',
      ignore: 'Se não foi você, pode ignorar este e-mail; sua senha continua a mesma.',
    },
    'email-change': {
      subject: 'Confirme seu novo e-mail no Newsreel',
      intro: 'Confirme que você quer usar este endereço na sua conta do Newsreel:',
      action: 'Confirmar este endereço',
      expiry: 'Este link expira em 24 horas.',
      ignore: 'Se você não pediu essa alteração, pode ignorar este e-mail; sua conta continua com o endereço atual.',
    },
    linkHint: 'Se o botão não funcionar, copie este link no seu navegador:',
    signature: 'Equipe Newsreel',
  },
  it: {
    hello: (name) => (name ? `Ciao ${name},` : 'Ciao,'),
    verify: {
      subject: 'Conferma il tuo indirizzo email su Newsreel',
      intro: 'Ti diamo il benvenuto su Newsreel! Conferma il tuo indirizzo email per completare la configurazione del tuo account:',
      action: 'Conferma la mia email',
      expiry: 'Questo link scade tra 24 ore.',
      ignore: 'Se non hai creato un account Newsreel, puoi ignorare questa email.',
    },
    reset: {
      subject: 'Reimposta la tua password di Newsreel',
      intro: 'Abbiamo ricevuto una richiesta di reimpostare la password del tuo account Newsreel. Scegline una nuova qui:',
      action: 'Scegli una nuova password',
      expiry: 'Questo link scade tra 1 ora e si può usare una sola volta.',
      ignore: 'Se non l’hai richiesto tu, puoi ignorare questa email: la tua password resta invariata.',
    },
    'email-change': {
      subject: 'Conferma il tuo nuovo indirizzo email su Newsreel',
      intro: 'Conferma che vuoi usare questo indirizzo per il tuo account Newsreel:',
      action: 'Conferma questo indirizzo',
      expiry: 'Questo link scade tra 24 ore.',
      ignore: 'Se non hai richiesto questa modifica, puoi ignorare questa email: il tuo account mantiene l’indirizzo attuale.',
    },
    linkHint: 'Se il pulsante non funziona, copia questo link nel browser:',
    signature: 'Il team di Newsreel',
  },
  nl: {
    hello: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    verify: {
      subject: 'Bevestig je e-mailadres voor Newsreel',
      intro: 'Welkom bij Newsreel! Bevestig je e-mailadres om je account klaar te maken:',
      action: 'Mijn e-mailadres bevestigen',
      expiry: 'Deze link verloopt over 24 uur.',
      ignore: 'Heb je je niet aangemeld bij Newsreel? Dan kun je deze e-mail negeren.',
    },
    reset: {
      subject: 'Stel je Newsreel-wachtwoord opnieuw in',
      intro: 'We hebben een verzoek ontvangen om het wachtwoord van je Newsreel-account opnieuw in te stellen. Kies hier een nieuw wachtwoord:',
      action: 'Nieuw wachtwoord kiezen',
      expiry: 'Deze link verloopt over 1 uur en werkt maar één keer.',
      ignore: 'Heb je dit niet aangevraagd? Dan kun je deze e-mail negeren; je wachtwoord blijft hetzelfde.',
    },
    'email-change': {
      subject: 'Bevestig je nieuwe e-mailadres voor Newsreel',
      intro: 'Bevestig dat je dit adres wilt gebruiken voor je Newsreel-account:',
      action: 'Dit adres bevestigen',
      expiry: 'Deze link verloopt over 24 uur.',
      ignore: 'Heb je deze wijziging niet aangevraagd? Dan kun je deze e-mail negeren; je account houdt het huidige adres.',
    },
    linkHint: 'Werkt de knop niet? Kopieer dan deze link naar je browser:',
    signature: 'Het Newsreel-team',
  },
  sv: {
    hello: (name) => (name ? `Hej ${name}!` : 'Hej!'),
    verify: {
      subject: 'Bekräfta din e-postadress för Newsreel',
      intro: 'Välkommen till Newsreel! Bekräfta din e-postadress för att bli klar med ditt konto:',
      action: 'Bekräfta min e-postadress',
      expiry: 'Länken slutar gälla om 24 timmar.',
      ignore: 'Om du inte har registrerat dig på Newsreel kan du bortse från det här mejlet.',
    },
    reset: {
      subject: 'Återställ ditt lösenord för Newsreel',
      intro: 'Vi har fått en begäran om att återställa lösenordet för ditt Newsreel-konto. Välj ett nytt här:',
      action: 'Välj ett nytt lösenord',
      expiry: 'Länken slutar gälla om 1 timme och kan bara användas en gång.',
      ignore: 'Om det inte var du som bad om det kan du bortse från det här mejlet – ditt lösenord förblir detsamma.',
    },
    'email-change': {
      subject: 'Bekräfta din nya e-postadress för Newsreel',
      intro: 'Bekräfta att du vill använda den här adressen för ditt Newsreel-konto:',
      action: 'Bekräfta adressen',
      expiry: 'Länken slutar gälla om 24 timmar.',
      ignore: 'Om du inte har begärt ändringen kan du bortse från det här mejlet – ditt konto behåller sin nuvarande adress.',
    },
    linkHint: 'Om knappen inte fungerar kan du kopiera länken till din webbläsare:',
    signature: 'Newsreel-teamet',
  },
  zh: {
    hello: (name) => (name ? `${name}，你好：` : '你好：'),
    verify: {
      subject: '请验证你在 Newsreel 的邮箱地址',
      intro: '欢迎加入 Newsreel！请验证你的邮箱地址，完成账户设置：',
      action: '验证我的邮箱',
      expiry: '此链接将在 24 小时后失效。',
      ignore: '如果你没有注册 Newsreel，请忽略此邮件。',
    },
    reset: {
      subject: '重置你的 Newsreel 密码',
      intro: '我们收到了重置你的 Newsreel 账户密码的请求。请在此设置新密码：',
      action: '设置新密码',
      expiry: '此链接将在 1 小时后失效，且只能使用一次。',
      ignore: '如果这不是你本人的操作，请忽略此邮件，你的密码不会改变。',
    },
    'email-change': {
      subject: '请确认你在 Newsreel 的新邮箱地址',
      intro: '请确认你要将此邮箱地址用于你的 Newsreel 账户：',
      action: '确认此邮箱地址',
      expiry: '此链接将在 24 小时后失效。',
      ignore: '如果你没有申请此项更改，请忽略此邮件，你的账户将继续使用当前的邮箱地址。',
    },
    linkHint: '如果按钮无法使用，请将此链接复制到浏览器中打开：',
    signature: 'Newsreel 团队',
  },
  vi: {
    hello: (name) => (name ? `Xin chào ${name},` : 'Xin chào,'),
    verify: {
      subject: 'Xác nhận email của bạn trên Newsreel',
      intro: 'Chào mừng bạn đến với Newsreel! Vui lòng xác nhận địa chỉ email để hoàn tất việc thiết lập tài khoản:',
      action: 'Xác nhận email của tôi',
      expiry: 'Liên kết này sẽ hết hạn sau 24 giờ.',
      ignore: 'Nếu bạn không đăng ký Newsreel, bạn có thể bỏ qua email này.',
    },
    reset: {
      subject: 'Đặt lại mật khẩu Newsreel của bạn',
      intro: 'Chúng tôi đã nhận được yêu cầu đặt lại mật khẩu cho tài khoản Newsreel của bạn. Hãy chọn mật khẩu mới tại đây:',
      action: 'Chọn mật khẩu mới',
      expiry: 'Liên kết này sẽ hết hạn sau 1 giờ và chỉ dùng được một lần.',
      ignore: 'Nếu bạn không yêu cầu việc này, bạn có thể bỏ qua email này; mật khẩu của bạn vẫn giữ nguyên.',
    },
    'email-change': {
      subject: 'Xác nhận email mới của bạn trên Newsreel',
      intro: 'Vui lòng xác nhận rằng bạn muốn dùng địa chỉ này cho tài khoản Newsreel của mình:',
      action: 'Xác nhận địa chỉ này',
      expiry: 'Liên kết này sẽ hết hạn sau 24 giờ.',
      ignore: 'Nếu bạn không yêu cầu thay đổi này, bạn có thể bỏ qua email này; tài khoản của bạn vẫn dùng địa chỉ hiện tại.',
    },
    linkHint: 'Nếu nút không hoạt động, hãy sao chép liên kết này vào trình duyệt:',
    signature: 'Đội ngũ Newsreel',
  },
} satisfies Record<string, Wording>;

export type AccountMessageLanguage = keyof typeof WORDING;

export const ACCOUNT_MESSAGE_LANGUAGES = Object.keys(WORDING) as AccountMessageLanguage[];

const RIGHT_TO_LEFT = new Set<string>(['ar', 'he', 'fa', 'ur']);

/** 'pt-BR', 'PT_br' and 'pt' all read as 'pt'; anything we do not write in reads as English. */
export function accountMessageLanguage(language: string | undefined): AccountMessageLanguage {
  const base = language?.trim().toLowerCase().split(/[-_]/, 1)[0] ?? '';
  return Object.hasOwn(WORDING, base) ? (base as AccountMessageLanguage) : 'en';
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * The subject, plain text and HTML of an account mail in the reader's language. `link` is the
 * whole address to open (built from PUBLIC_URL); `name` may be empty.
 */
export function accountMessage(
  kind: AccountMessageKind,
  language: string | undefined,
  { name, link }: { name: string; link: string },
): AccountMessage {
  const lang = accountMessageLanguage(language);
  const wording: Wording = WORDING[lang];
  const { subject, intro, action, expiry, ignore } = wording[kind];
  const greeting = wording.hello(name.trim());

  const text = [greeting, '', intro, '', link, '', expiry, ignore, '', wording.signature, ''].join('\n');

  const dir = RIGHT_TO_LEFT.has(lang) ? 'rtl' : 'ltr';
  const href = escapeHtml(link);
  // Inline styles only (mail programs drop <style> blocks); the button is the app's primary yellow.
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f4;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5">
<div dir="${dir}" style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px">
<p style="margin:0 0 16px;font-size:20px;font-weight:bold">Newsreel</p>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p style="margin:24px 0"><a href="${href}" style="display:inline-block;padding:12px 20px;background:#ffd400;color:#111111;font-weight:bold;text-decoration:none;border-radius:6px">${escapeHtml(action)}</a></p>
<p style="font-size:14px;color:#555555">${escapeHtml(wording.linkHint)}<br><a href="${href}" dir="ltr" style="color:#1a1a1a;word-break:break-all">${href}</a></p>
<p>${escapeHtml(expiry)} ${escapeHtml(ignore)}</p>
<p>${escapeHtml(wording.signature)}</p>
</div>
</body>
</html>
`;
  return { subject, text, html };
}
