"""Our date and number formats where Django's for a language are not what its players read
(settings.FORMAT_MODULE_PATH; docs/i18n.md). The other languages keep Django's own."""
